import { useState, type FormEvent } from 'react';
import { SMS_RESEND_SECONDS } from '@app/shared/constants';
import { toast } from '../../../lib/toast.ts';
import { loginByMobile, sendSmsCode } from '../api.ts';
import { completeLogin } from '../complete-login.ts';
import { checkMobile, checkSmsCode, hasErrors, isValidMobile, validatePhoneForm, type FormErrors, type PhoneForm } from '../login-rules.ts';
import { CountdownButton } from '../../../components/CountdownButton.tsx';
import { DemoNote } from './DemoNote.tsx';
import { SubmitButton } from './SubmitButton.tsx';
import { TextField } from './TextField.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** Digits only; a pasted +86 prefix is dropped. */
const normalizeMobile = (value: string) => {
  const digits = value.replace(/\D/g, '');
  return (digits.length > 11 && digits.startsWith('86') ? digits.slice(2) : digits).slice(0, 11);
};

export function PhoneLogin({ demo }: { demo: boolean }) {
  const { t } = useTranslation('auth');
  const [form, setForm] = useState<PhoneForm>({ mobile: '', sms_code: '', sms_id: '' });
  const [errors, setErrors] = useState<FormErrors<PhoneForm>>({});
  const [busy, setBusy] = useState(false);

  const update = (field: 'mobile' | 'sms_code', value: string) => {
    const next = { ...form, [field]: field === 'mobile' ? normalizeMobile(value) : value.replace(/\D/g, '').slice(0, 6) };
    setForm(next);
    // Once a field has shown an error, keep it in step with what is typed.
    if (errors[field]) setErrors({ ...errors, [field]: (field === 'mobile' ? checkMobile(next.mobile) : checkSmsCode(next.sms_code, next.sms_id)) ?? undefined });
  };

  const send = async () => {
    if (!isValidMobile(form.mobile)) {
      toast.error(t('mobileWrong'));
      return false;
    }
    try {
      const { sms_id } = await sendSmsCode(form.mobile.trim());
      setForm((f) => ({ ...f, sms_id }));
      setErrors((e) => ({ ...e, mobile: undefined, sms_code: e.sms_code === 'smsNotSent' ? undefined : e.sms_code }));
      toast.success(t('sms.sent'));
      return true;
    } catch {
      return false; // http has shown the server's message
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validatePhoneForm(form);
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      await completeLogin(await loginByMobile({ mobile: form.mobile.trim(), sms_code: form.sms_code.trim(), sms_id: form.sms_id }));
    } catch {
      // http has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col">
      <TextField
        id="login-mobile"
        label={t('field.mobile')}
        placeholder={t('placeholder.mobile')}
        value={form.mobile}
        onValueChange={(v) => update('mobile', v)}
        onBlur={() => form.mobile && setErrors((e) => ({ ...e, mobile: checkMobile(form.mobile) ?? undefined }))}
        error={errors.mobile && t(`rules.${errors.mobile}`)}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        prefix={<span className="border-r border-neutral-200 pr-2.5 text-[15px] text-neutral-500 dark:border-neutral-700 dark:text-neutral-400">+86</span>}
      />
      <TextField
        id="login-sms-code"
        label={t('field.smsCode')}
        placeholder={t('placeholder.smsCode')}
        value={form.sms_code}
        onValueChange={(v) => update('sms_code', v)}
        error={errors.sms_code && t(`rules.${errors.sms_code}`)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        suffix={
          <CountdownButton
            seconds={SMS_RESEND_SECONDS}
            onAction={send}
            label={t('sms.send')}
            busyLabel={t('sms.sending')}
            countdownLabel={(n) => t('sms.countdown', { count: n })}
            className="border-l border-neutral-200 pl-3 dark:border-neutral-700"
          />
        }
      />
      <SubmitButton busy={busy}>{busy ? t('submit.loggingIn') : t('submit.mobile')}</SubmitButton>
      <p className="mt-3 text-center text-xs text-neutral-400 dark:text-neutral-500">{t('mobileHint')}</p>
      {demo && (
        <div className="mt-2">
          <DemoNote>{t('demo.sms')}</DemoNote>
        </div>
      )}
    </form>
  );
}
