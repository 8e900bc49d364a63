import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadLanguage } from '../../lib/i18n.ts';
import './locales.ts';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v as object, `${prefix}${k}.`)));

describe('apps locales', () => {
  beforeAll(() => Promise.all([loadLanguage('en-US'), loadLanguage('zh-TW')]));

  it('have the same keys in every language', () => {
    const zh = keys(i18n.getResourceBundle('zh-CN', 'apps')).sort();
    expect(keys(i18n.getResourceBundle('en-US', 'apps')).sort()).toEqual(zh);
    expect(keys(i18n.getResourceBundle('zh-TW', 'apps')).sort()).toEqual(zh);
  });

  it('keep the literal {{…}} examples of the create form', () => {
    const t = i18n.getFixedT('zh-CN', 'apps');
    expect(t('create.promptPlaceholder', { topic: '{{topic}}', num: '{{num}}', style: '{{style}}' })).toBe(
      '例如：请为主题「{{topic}}」写 {{num}} 个吸引人的小红书标题，风格{{style}}。',
    );
    expect(t('create.description', { ph: '{{变量名}}' })).toContain('用 {{变量名}} 标出');
  });
});
