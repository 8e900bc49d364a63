import { describe, expect, it } from 'vitest';
import { checkAvatarUrl, checkNickname, validatePasswordChange } from './profile-rules.ts';

describe('profile rules', () => {
  it('needs a nickname of at most 20 characters', () => {
    expect(checkNickname(' ')).toBe('nicknameRequired');
    expect(checkNickname('小明')).toBeNull();
    expect(checkNickname('字'.repeat(20))).toBeNull();
    expect(checkNickname('字'.repeat(21))).toBe('nicknameTooLong');
  });

  it('takes an http(s) or site-relative avatar URL, or none', () => {
    expect(checkAvatarUrl('')).toBeNull();
    expect(checkAvatarUrl('https://cdn.example/a.png')).toBeNull();
    expect(checkAvatarUrl('/uploads/a.png')).toBeNull();
    expect(checkAvatarUrl('javascript:alert(1)')).toBe('avatarInvalid');
    expect(checkAvatarUrl('ftp://x/a.png')).toBe('avatarInvalid');
  });

  it('asks for the old password only when one is set', () => {
    const form = { oldPassword: '', password: 'secret1', confirm: 'secret1' };
    expect(validatePasswordChange(form, true)).toEqual({ oldPassword: 'oldPasswordRequired' });
    expect(validatePasswordChange(form, false)).toEqual({});
  });

  it('checks the new password’s length and confirmation', () => {
    expect(validatePasswordChange({ oldPassword: '', password: '', confirm: '' }, false)).toEqual({ password: 'passwordRequired', confirm: 'confirmRequired' });
    expect(validatePasswordChange({ oldPassword: '', password: '12345', confirm: '12345' }, false)).toEqual({ password: 'passwordLength' });
    expect(validatePasswordChange({ oldPassword: '', password: 'secret1', confirm: 'secret2' }, false)).toEqual({ confirm: 'confirmMismatch' });
  });
});
