import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadLanguage } from './lib/i18n.ts';

// Every file that registers strings, so that none escapes the check below.
const registrations = import.meta.glob(['./**/*locales.ts', './components/DocumentPicker.tsx', '!./features/admin/**'], { eager: true });
const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v as object, `${prefix}${k}.`)));

describe('every namespace', () => {
  beforeAll(() => Promise.all([loadLanguage('en-US'), loadLanguage('zh-TW')]));

  it('has the same keys in zh-CN, en-US and zh-TW', () => {
    expect(Object.keys(registrations).length).toBeGreaterThan(20);
    const namespaces = Object.keys(i18n.store.data['zh-CN'] ?? {});
    expect(namespaces).toEqual(expect.arrayContaining(['chat', 'app', 'auth', 'billing', 'common', 'documentPicker']));
    for (const ns of namespaces) {
      const zh = keys(i18n.getResourceBundle('zh-CN', ns)).sort();
      expect(keys(i18n.getResourceBundle('en-US', ns) ?? {}).sort(), `${ns} en-US`).toEqual(zh);
      expect(keys(i18n.getResourceBundle('zh-TW', ns) ?? {}).sort(), `${ns} zh-TW`).toEqual(zh);
    }
  });
});
