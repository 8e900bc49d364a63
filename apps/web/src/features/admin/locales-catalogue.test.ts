import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import './locales-catalogue.ts';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v as object, `${prefix}${k}.`)));

describe('adminCatalogue locales', () => {
  it('have the same keys in every language, zh-TW written apart from zh-CN', () => {
    const zh = keys(i18n.getResourceBundle('zh-CN', 'adminCatalogue')).sort();
    expect(zh.length).toBeGreaterThan(80);
    expect(keys(i18n.getResourceBundle('en-US', 'adminCatalogue')).sort()).toEqual(zh);
    expect(keys(i18n.getResourceBundle('zh-TW', 'adminCatalogue')).sort()).toEqual(zh);
    expect(i18n.getResource('zh-TW', 'adminCatalogue', 'catalogue.title')).toBe('商品與套餐');
  });
});
