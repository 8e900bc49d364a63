import { useState, type FormEvent } from 'react';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { updateUser } from '../api.ts';
import { validatePasswordChange, type PasswordChange, type ProfileRule } from '../profile-rules.ts';
import { DialogActions } from './DialogActions.tsx';
import { FormField } from './FormField.tsx';
import { UserDialog } from './UserDialog.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** Changing (or first setting) the password ends every session: SPEC §4.3 clears this one and reopens login. */
export function ChangePasswordDialog({ hasPassword, open, onClose }: { hasPassword: boolean; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('user');
  return (
    <UserDialog open={open} onClose={onClose} title={hasPassword ? t('password.title') : t('password.setTitle')}>
      <PasswordForm hasPassword={hasPassword} onDone={onClose} />
    </UserDialog>
  );
}

function PasswordForm({ hasPassword, onDone }: { hasPassword: boolean; onDone: () => void }) {
  const { t } = useTranslation('user');
  const [form, setForm] = useState<PasswordChange>({ oldPassword: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof PasswordChange, ProfileRule>>>({});
  const [busy, setBusy] = useState(false);
  const set = (field: keyof PasswordChange) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const message = (field: keyof PasswordChange) => (errors[field] ? t(`rules.${errors[field]}`) : null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validatePasswordChange(form, hasPassword);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const { message: serverMessage } = await updateUser({ password: form.password, ...(hasPassword ? { oldPassword: form.oldPassword } : {}) });
      onDone();
      const session = useSession.getState();
      session.clearSession();
      session.openLogin();
      toast.success(serverMessage);
    } catch {
      // http has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      {hasPassword && (
        <FormField
          id="password-old"
          label={t('password.old')}
          placeholder={t('password.oldPlaceholder')}
          value={form.oldPassword}
          onValueChange={set('oldPassword')}
          error={message('oldPassword')}
          type="password"
          autoComplete="current-password"
          maxLength={64}
        />
      )}
      <FormField
        id="password-new"
        label={t('password.new')}
        placeholder={t('password.newPlaceholder')}
        value={form.password}
        onValueChange={set('password')}
        error={message('password')}
        type="password"
        autoComplete="new-password"
        maxLength={64}
      />
      <FormField
        id="password-confirm"
        label={t('password.confirm')}
        placeholder={t('password.confirmPlaceholder')}
        value={form.confirm}
        onValueChange={set('confirm')}
        error={message('confirm')}
        type="password"
        autoComplete="new-password"
        maxLength={64}
      />
      <p className="mb-3 text-xs text-neutral-400 dark:text-neutral-500">{t('password.hint')}</p>
      <DialogActions
        busy={busy}
        submitLabel={hasPassword ? t('password.submit') : t('password.setSubmit')}
        busyLabel={t('password.saving')}
        cancelLabel={t('profile.cancel')}
        onCancel={onDone}
      />
    </form>
  );
}
