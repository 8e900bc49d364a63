import { useState, type FormEvent } from 'react';
import { loginByAccount, registerAccount } from '../api.ts';
import { completeLogin } from '../complete-login.ts';
import {
  hasErrors,
  validateAccountForm,
  validateRegisterForm,
  type FormErrors,
  type RegisterForm,
} from '../login-rules.ts';
import { PasswordField } from './PasswordField.tsx';
import { SubmitButton } from './SubmitButton.tsx';
import { TextField } from './TextField.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

type Mode = 'login' | 'register';
type Field = keyof RegisterForm;

const validate = (mode: Mode, form: RegisterForm): FormErrors<RegisterForm> =>
  mode === 'login' ? validateAccountForm(form) : validateRegisterForm(form);

/** Account + password, with a 注册 mode (same fields plus the confirmation) when account registration is open. */
export function AccountLogin({ canRegister }: { canRegister: boolean }) {
  const { t } = useTranslation('auth');
  const [mode, setMode] = useState<Mode>('login');
  const [form, setForm] = useState<RegisterForm>({ userName: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FormErrors<RegisterForm>>({});
  const [busy, setBusy] = useState(false);
  const registering = mode === 'register';

  const update = (field: Field, value: string) => {
    const next = { ...form, [field]: value };
    setForm(next);
    // Fields that already show an error follow what is typed; the others wait for submit.
    if (hasErrors(errors)) {
      const all = validate(mode, next);
      setErrors(Object.fromEntries(Object.keys(errors).map((k) => [k, all[k as Field]])));
    }
  };

  const switchMode = (next: Mode) => {
    setMode(next);
    setErrors({});
    setForm((f) => ({ ...f, confirmPassword: '' }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validate(mode, form);
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      const body = { userName: form.userName.trim(), password: form.password };
      if (registering) await completeLogin(await registerAccount(body), 'registered');
      // SPEC §8 success texts: the account login says 账户登录成功、开始体验吧！
      else await completeLogin(await loginByAccount(body), 'accountSuccess');
    } catch {
      // http has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  const message = (field: Field) => (errors[field] ? t(`rules.${errors[field]}`) : null);

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col">
      <TextField
        id="login-username"
        label={t('field.userName')}
        placeholder={registering ? t('placeholder.newUserName') : t('placeholder.userName')}
        value={form.userName}
        onValueChange={(v) => update('userName', v)}
        error={message('userName')}
        autoComplete="username"
        maxLength={registering ? 32 : 64}
      />
      <PasswordField
        id="login-password"
        label={t('field.password')}
        placeholder={registering ? t('placeholder.newPassword') : t('placeholder.password')}
        value={form.password}
        onValueChange={(v) => update('password', v)}
        error={message('password')}
        autoComplete={registering ? 'new-password' : 'current-password'}
        maxLength={64}
      />
      {registering && (
        <PasswordField
          id="login-confirm-password"
          label={t('field.confirmPassword')}
          placeholder={t('placeholder.confirmPassword')}
          value={form.confirmPassword}
          onValueChange={(v) => update('confirmPassword', v)}
          error={message('confirmPassword')}
          autoComplete="new-password"
          maxLength={64}
        />
      )}
      <SubmitButton busy={busy}>
        {registering ? (busy ? t('submit.registering') : t('submit.register')) : busy ? t('submit.loggingIn') : t('submit.login')}
      </SubmitButton>
      {canRegister && (
        <p className="mt-3 text-center text-[13px] text-neutral-500 dark:text-neutral-400">
          {registering ? t('toLogin') : t('toRegister')}
          <button
            type="button"
            onClick={() => switchMode(registering ? 'login' : 'register')}
            className="ml-1 font-medium text-primary hover:text-primary-hover dark:text-indigo-400"
          >
            {registering ? t('toLoginLink') : t('toRegisterLink')}
          </button>
        </p>
      )}
    </form>
  );
}
