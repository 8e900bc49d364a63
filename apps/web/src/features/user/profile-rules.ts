import { PASSWORD_MAX, PASSWORD_MIN } from '@app/shared/constants';

/** The user centre's form rules (mirroring the server's /user/update rules); keys under `user:rules`. */
export type ProfileRule =
  | 'nicknameRequired'
  | 'nicknameTooLong'
  | 'avatarInvalid'
  | 'oldPasswordRequired'
  | 'passwordRequired'
  | 'passwordLength'
  | 'confirmRequired'
  | 'confirmMismatch';

export const NICKNAME_MAX = 20;

export function checkNickname(nickname: string): ProfileRule | null {
  const v = nickname.trim();
  if (!v) return 'nicknameRequired';
  return [...v].length > NICKNAME_MAX ? 'nicknameTooLong' : null;
}

/** Blank means "no avatar" (the default one is shown). */
export function checkAvatarUrl(url: string): ProfileRule | null {
  const v = url.trim();
  if (!v) return null;
  return /^(https?:\/\/|\/)\S+$/.test(v) && v.length <= 500 ? null : 'avatarInvalid';
}

export interface PasswordChange {
  oldPassword: string;
  password: string;
  confirm: string;
}

export function validatePasswordChange(f: PasswordChange, needsOld: boolean): Partial<Record<keyof PasswordChange, ProfileRule>> {
  const errors: Partial<Record<keyof PasswordChange, ProfileRule>> = {};
  if (needsOld && !f.oldPassword) errors.oldPassword = 'oldPasswordRequired';
  if (!f.password) errors.password = 'passwordRequired';
  else if (f.password.length < PASSWORD_MIN || f.password.length > PASSWORD_MAX) errors.password = 'passwordLength';
  if (!f.confirm) errors.confirm = 'confirmRequired';
  else if (f.confirm !== f.password) errors.confirm = 'confirmMismatch';
  return errors;
}
