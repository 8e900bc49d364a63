import { PASSWORD_MAX, PASSWORD_MIN, PHONE_PATTERN, USERNAME_PATTERN } from '@app/shared/constants';

/**
 * The login forms' rules (SPEC §5). Each returns the key of its message under `auth:rules`
 * (zh-CN holds the SPEC texts verbatim), or null when the value passes.
 */
export type RuleMessage =
  | 'mobileRequired'
  | 'mobileFormat'
  | 'smsCodeRequired'
  | 'smsNotSent'
  | 'userNameRequired'
  | 'userNameFormat'
  | 'passwordRequired'
  | 'passwordLength'
  | 'confirmRequired'
  | 'confirmMismatch';

export const isValidMobile = (mobile: string) => PHONE_PATTERN.test(mobile.trim());

export function checkMobile(mobile: string): RuleMessage | null {
  if (!mobile.trim()) return 'mobileRequired';
  return isValidMobile(mobile) ? null : 'mobileFormat';
}

export function checkSmsCode(code: string, smsId: string): RuleMessage | null {
  if (!code.trim()) return 'smsCodeRequired';
  return smsId ? null : 'smsNotSent';
}

export function checkUserName(userName: string): RuleMessage | null {
  return userName.trim() ? null : 'userNameRequired';
}

export function checkPassword(password: string): RuleMessage | null {
  return password ? null : 'passwordRequired';
}

/** Registration asks more of a new account than login does of an existing one (the server's rules). */
export function checkNewUserName(userName: string): RuleMessage | null {
  return checkUserName(userName) ?? (USERNAME_PATTERN.test(userName.trim()) ? null : 'userNameFormat');
}

export function checkNewPassword(password: string): RuleMessage | null {
  if (!password) return 'passwordRequired';
  return password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX ? null : 'passwordLength';
}

export function checkConfirmPassword(confirm: string, password: string): RuleMessage | null {
  if (!confirm) return 'confirmRequired';
  return confirm === password ? null : 'confirmMismatch';
}

export interface PhoneForm {
  mobile: string;
  sms_code: string;
  sms_id: string;
}
export interface AccountForm {
  userName: string;
  password: string;
}
export interface RegisterForm extends AccountForm {
  confirmPassword: string;
}

export type FormErrors<F> = Partial<Record<keyof F, RuleMessage>>;

function collect<F>(checks: [keyof F, RuleMessage | null][]): FormErrors<F> {
  const errors: FormErrors<F> = {};
  for (const [field, message] of checks) if (message) errors[field] = message;
  return errors;
}

export const validatePhoneForm = (f: PhoneForm) =>
  collect<PhoneForm>([
    ['mobile', checkMobile(f.mobile)],
    ['sms_code', checkSmsCode(f.sms_code, f.sms_id)],
  ]);

export const validateAccountForm = (f: AccountForm) =>
  collect<AccountForm>([
    ['userName', checkUserName(f.userName)],
    ['password', checkPassword(f.password)],
  ]);

export const validateRegisterForm = (f: RegisterForm) =>
  collect<RegisterForm>([
    ['userName', checkNewUserName(f.userName)],
    ['password', checkNewPassword(f.password)],
    ['confirmPassword', checkConfirmPassword(f.confirmPassword, f.password)],
  ]);

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;
