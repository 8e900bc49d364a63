import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadLanguage } from '../../lib/i18n.ts';
import './locales.ts';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v as object, `${prefix}${k}.`)));

describe('thesis locales', () => {
  beforeAll(() => Promise.all([loadLanguage('en-US'), loadLanguage('zh-TW')]));

  it('have the same keys in every language', () => {
    const zh = keys(i18n.getResourceBundle('zh-CN', 'thesis')).sort();
    expect(keys(i18n.getResourceBundle('en-US', 'thesis')).sort()).toEqual(zh);
    expect(keys(i18n.getResourceBundle('zh-TW', 'thesis')).sort()).toEqual(zh);
  });
});
