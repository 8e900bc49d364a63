import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import './locales-content.ts';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v as object, `${prefix}${k}.`)));

describe('admin content locales', () => {
  it('have the same keys in every language, zh-TW in traditional characters', () => {
    const zh = keys(i18n.getResourceBundle('zh-CN', 'adminContent')).sort();
    expect(zh.length).toBeGreaterThan(60);
    expect(keys(i18n.getResourceBundle('en-US', 'adminContent')).sort()).toEqual(zh);
    expect(keys(i18n.getResourceBundle('zh-TW', 'adminContent')).sort()).toEqual(zh);
    const tw = JSON.stringify(i18n.getResourceBundle('zh-TW', 'adminContent'));
    expect(tw).not.toMatch(/[这们为个说对应词编辑删启专类图标显选择导]/);
  });
});
