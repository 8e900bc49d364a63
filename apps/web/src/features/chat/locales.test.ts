import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadLanguage } from '../../lib/i18n.ts';
import './locales.ts';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v as object, `${prefix}${k}.`)));

describe('chat locales', () => {
  beforeAll(() => Promise.all([loadLanguage('en-US'), loadLanguage('zh-TW')]));

  it('have the same keys in every language', () => {
    const zh = keys(i18n.getResourceBundle('zh-CN', 'chat')).sort();
    expect(keys(i18n.getResourceBundle('en-US', 'chat')).sort()).toEqual(zh);
    expect(keys(i18n.getResourceBundle('zh-TW', 'chat')).sort()).toEqual(zh);
  });

  it('use the SPEC texts verbatim', () => {
    expect(i18n.getFixedT('zh-CN', 'chat')('newChatExists')).toBe('新会话已存在！');
    expect(i18n.getFixedT('zh-CN', 'chat')('imageLimit')).toBe('每个对话最多上传5张图片');
  });
});
