import { describe, expect, it } from 'vitest';
import { readSeed } from './seed-apps.ts';
import { SEED_ACTIVITY_PACKAGE, SEED_MENUS, SEED_MODELS, SEED_PACKAGES, SEED_PPT_PACKAGES, siteSeedSchema } from './seed-data.ts';
import siteJson from './seed/site.json' with { type: 'json' };

const duplicates = (xs: string[]) => xs.filter((x, i) => xs.indexOf(x) !== i);

describe('site seed (db/seed/site.json)', () => {
  it('has unique menu and model codes and unique package names', () => {
    expect(duplicates(SEED_MENUS.map((m) => m.code))).toEqual([]);
    expect(duplicates(SEED_MODELS.map((m) => m.code))).toEqual([]);
    expect(duplicates([...SEED_PACKAGES, SEED_ACTIVITY_PACKAGE, ...SEED_PPT_PACKAGES].map((p) => p.name))).toEqual([]);
    expect(SEED_MODELS.length).toBeGreaterThan(0);
  });

  it('sells each package for less than its list price', () => {
    for (const p of [...SEED_PACKAGES, SEED_ACTIVITY_PACKAGE, ...SEED_PPT_PACKAGES]) expect(p.price, p.name).toBeLessThan(p.priceY);
  });

  it('refuses a file that does not fit, naming the file and the path', () => {
    const bad = { ...siteJson, models: [{ ...siteJson.models[0], pool: 'model5' }] };
    expect(() => readSeed('site.json', siteSeedSchema, bad)).toThrow(/db\/seed\/site\.json .*models\.0\.pool/);
    const misspelt = { ...siteJson, menus: [{ ...siteJson.menus[0], mobil: true }] };
    expect(() => readSeed('site.json', siteSeedSchema, misspelt)).toThrow(/menus\.0/);
  });
});
