import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '@app/shared/constants';
import { i18n, loadLanguage } from '../lib/i18n.ts';
import './locales.ts';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v as object, `${prefix}${k}.`)));

describe('app locales', () => {
  beforeAll(() => Promise.all([loadLanguage('en-US'), loadLanguage('zh-TW')]));

  it('have the same keys in every language', () => {
    const zh = keys(i18n.getResourceBundle('zh-CN', 'app')).sort();
    expect(keys(i18n.getResourceBundle('en-US', 'app')).sort()).toEqual(zh);
    expect(keys(i18n.getResourceBundle('zh-TW', 'app')).sort()).toEqual(zh);
  });

  it('no longer carry the unused dialog block (在线支付即将开放，敬请期待。)', () => {
    for (const lng of LOCALES) {
      const bundle = i18n.getResourceBundle(lng, 'app') as Record<string, unknown>;
      expect(bundle.dialog, lng).toBeUndefined();
      expect(JSON.stringify(bundle), lng).not.toMatch(/在线支付即将开放|線上支付即將開放|Online payment opens soon/);
    }
  });
});
