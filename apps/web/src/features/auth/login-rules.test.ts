import { describe, expect, it } from 'vitest';
import { i18n, loadLanguage } from '../../lib/i18n.ts';
import './locales.ts';
import {
  checkConfirmPassword,
  checkMobile,
  checkNewPassword,
  checkNewUserName,
  checkPassword,
  checkSmsCode,
  checkUserName,
  isValidMobile,
  validateAccountForm,
  validatePhoneForm,
  validateRegisterForm,
} from './login-rules.ts';

describe('phone login rules (SPEC §5)', () => {
  it('requires the mobile number', () => {
    expect(checkMobile('')).toBe('mobileRequired');
    expect(checkMobile('   ')).toBe('mobileRequired');
  });

  it('accepts 1, then 3-9, then nine digits and nothing else', () => {
    for (const ok of ['13800138000', '19912345678', ' 15000000000 ']) expect(checkMobile(ok)).toBeNull();
    for (const bad of ['12800138000', '10800138000', '1380013800', '138001380001', '1380013800a', '+8613800138000'])
      expect(checkMobile(bad)).toBe('mobileFormat');
    expect(isValidMobile('13800138000')).toBe(true);
    expect(isValidMobile('12345')).toBe(false);
  });

  it('requires the SMS code, and a sent code to check it against', () => {
    expect(checkSmsCode('', 'sms-1')).toBe('smsCodeRequired');
    expect(checkSmsCode('123456', '')).toBe('smsNotSent');
    expect(checkSmsCode('123456', 'sms-1')).toBeNull();
  });

  it('collects every failing field', () => {
    expect(validatePhoneForm({ mobile: '', sms_code: '', sms_id: '' })).toEqual({ mobile: 'mobileRequired', sms_code: 'smsCodeRequired' });
    expect(validatePhoneForm({ mobile: '13800138000', sms_code: '123456', sms_id: 'x' })).toEqual({});
  });
});

describe('account login rules (SPEC §5)', () => {
  it('requires account and password', () => {
    expect(checkUserName('')).toBe('userNameRequired');
    expect(checkUserName('  ')).toBe('userNameRequired');
    expect(checkUserName('alice')).toBeNull();
    expect(checkPassword('')).toBe('passwordRequired');
    expect(checkPassword(' ')).toBeNull();
    expect(validateAccountForm({ userName: '', password: '' })).toEqual({ userName: 'userNameRequired', password: 'passwordRequired' });
  });

  it('asks a new account for the server’s username and password shapes', () => {
    expect(checkNewUserName('')).toBe('userNameRequired');
    expect(checkNewUserName('abc')).toBe('userNameFormat');
    expect(checkNewUserName('张三三三')).toBe('userNameFormat');
    expect(checkNewUserName('a.b_c@d-e')).toBeNull();
    expect(checkNewPassword('')).toBe('passwordRequired');
    expect(checkNewPassword('12345')).toBe('passwordLength');
    expect(checkNewPassword('x'.repeat(65))).toBe('passwordLength');
    expect(checkNewPassword('123456')).toBeNull();
  });

  it('asks for the same password twice when registering', () => {
    expect(checkConfirmPassword('', 'secret1')).toBe('confirmRequired');
    expect(checkConfirmPassword('secret2', 'secret1')).toBe('confirmMismatch');
    expect(checkConfirmPassword('secret1', 'secret1')).toBeNull();
    expect(validateRegisterForm({ userName: 'alice', password: 'secret1', confirmPassword: 'nope' })).toEqual({ confirmPassword: 'confirmMismatch' });
  });
});

describe('rule messages', () => {
  it('are the SPEC texts in zh-CN', () => {
    const zh = (key: string) => i18n.getFixedT('zh-CN', 'auth')(key);
    expect(zh('rules.mobileRequired')).toBe('请输入手机号');
    expect(zh('rules.mobileFormat')).toBe('请输入正确格式的手机号');
    expect(zh('mobileWrong')).toBe('请输入正确的手机号');
    expect(zh('rules.smsCodeRequired')).toBe('请输入验证码');
    expect(zh('rules.userNameRequired')).toBe('请输入账号');
    expect(zh('rules.passwordRequired')).toBe('请输入密码');
    expect(zh('sms.sent')).toBe('发送成功');
  });

  it('exist in every locale', async () => {
    await Promise.all([loadLanguage('en-US'), loadLanguage('zh-TW')]);
    const keys = ['mobileRequired', 'mobileFormat', 'smsCodeRequired', 'smsNotSent', 'userNameRequired', 'userNameFormat', 'passwordRequired', 'passwordLength', 'confirmRequired', 'confirmMismatch'];
    for (const lng of ['zh-CN', 'en-US', 'zh-TW'])
      for (const key of keys) expect(i18n.exists(`rules.${key}`, { lng, ns: 'auth', fallbackLng: [] }), `${lng} ${key}`).toBe(true);
  });
});
