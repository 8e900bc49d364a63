import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import './locales.ts';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v as object, `${prefix}${k}.`)));

describe('admin locales', () => {
  it('have the same keys in every language', () => {
    const zh = keys(i18n.getResourceBundle('zh-CN', 'admin')).sort();
    expect(zh.length).toBeGreaterThan(100);
    expect(keys(i18n.getResourceBundle('en-US', 'admin')).sort()).toEqual(zh);
    expect(keys(i18n.getResourceBundle('zh-TW', 'admin')).sort()).toEqual(zh);
  });

  it('reads zh-TW in traditional characters', () => {
    expect(i18n.getFixedT('zh-TW', 'admin')('nav.users')).toBe('使用者管理');
    expect(i18n.getFixedT('zh-TW', 'admin')('guard.needLogin')).toBe('請先登入管理員賬號');
  });
});
