import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadLanguage } from '../../lib/i18n.ts';
import './locales.ts';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v as object, `${prefix}${k}.`)));

describe('billing locales', () => {
  beforeAll(() => Promise.all([loadLanguage('en-US'), loadLanguage('zh-TW')]));

  it('have the same keys in every language', () => {
    const zh = keys(i18n.getResourceBundle('zh-CN', 'billing')).sort();
    expect(keys(i18n.getResourceBundle('en-US', 'billing')).sort()).toEqual(zh);
    expect(keys(i18n.getResourceBundle('zh-TW', 'billing')).sort()).toEqual(zh);
  });

  it('use the texts of SPEC §4.4 and §4.5 verbatim', () => {
    const t = i18n.getFixedT('zh-CN', 'billing');
    expect(t('pay.success')).toBe('恭喜你支付成功、祝您使用愉快！');
    expect(t('pay.timeout')).toBe('支付超时，请重新下单!');
    expect(t('membership.successUser')).toBe('购买成功、祝您使用愉快!');
    expect(t('membership.successGuest')).toBe('购买成功、请登录账号绑定当前订单！');
    expect(t('membership.expiredTitle')).toBe('温馨提示');
    expect(t('membership.expiredText')).toBe('当前支付二维码已经失效，是否重新刷新？');
    expect(t('noRefund')).toBe('不支持7天无理由退货');
  });
});
