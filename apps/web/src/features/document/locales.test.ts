import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadLanguage } from '../../lib/i18n.ts';
import './locales.ts';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v as object, `${prefix}${k}.`)));

describe('document locales', () => {
  beforeAll(() => Promise.all([loadLanguage('en-US'), loadLanguage('zh-TW')]));

  it('have the same keys in every language', () => {
    const zh = keys(i18n.getResourceBundle('zh-CN', 'document')).sort();
    expect(keys(i18n.getResourceBundle('en-US', 'document')).sort()).toEqual(zh);
    expect(keys(i18n.getResourceBundle('zh-TW', 'document')).sort()).toEqual(zh);
  });

  it('use the SPEC texts verbatim', () => {
    const t = i18n.getFixedT('zh-CN', 'document');
    expect(t('dialog.uploading')).toBe('文档上传中...');
    expect(t('dialog.parsing')).toBe('文档解析中...');
    expect(t('dialog.unsupported')).toBe('当前格式不支持！');
    expect(t('dialog.uploadFailed')).toBe('文件上传失败！请稍后重试！');
    expect(t('dialog.parseFailed')).toBe('文档解析失败！');
    expect(t('needDocument')).toBe('请先上传或选择文档');
  });
});
