import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import './locales-integrations.ts';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v as object, `${prefix}${k}.`)));

describe('adminIntegrations locales', () => {
  it('have the same keys in every language, and a title for every integration', () => {
    const zh = keys(i18n.getResourceBundle('zh-CN', 'adminIntegrations')).sort();
    expect(keys(i18n.getResourceBundle('en-US', 'adminIntegrations')).sort()).toEqual(zh);
    expect(keys(i18n.getResourceBundle('zh-TW', 'adminIntegrations')).sort()).toEqual(zh);
    for (const g of ['sms', 'wechat', 'storage', 'pay_wechat', 'pay_alipay', 'pay_epay', 'pay_mpay', 'pay_hupi', 'pay_sandbox']) expect(zh).toContain(`groups.${g}.title`);
  });
  it('zh-TW is written in traditional characters', () => {
    const tw = JSON.stringify(i18n.getResourceBundle('zh-TW', 'adminIntegrations'));
    for (const simplified of ['设置', '环境变量', '启用', '验证码', '链接', '页']) expect(tw).not.toContain(simplified);
  });
});
