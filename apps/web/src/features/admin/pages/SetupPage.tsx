import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { Link, useLocation, useNavigate } from '../../../lib/router/index.tsx';
import { callRoute } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { integrationsEp } from '../api-integrations.ts';
import { btn, Field, input } from '../components/ui.tsx';
import '../locales-integrations.ts';
import { useTranslation } from '../../../lib/i18n.ts';

const NS = 'adminIntegrations';

/**
 * /admin/setup?token=… — the one-time link from the server log: its first visitor creates the first
 * administrator. Works without being signed in; the server checks the token and spends it once.
 */
export default function SetupPage() {
  const { t } = useTranslation(NS);
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const navigate = useNavigate();
  const login = useSession((s) => s.login);
  const [form, setForm] = useState({ username: 'admin', password: '', confirm: '' });
  const [mismatch, setMismatch] = useState(false);
  const status = useQuery({
    queryKey: ['setup', token],
    queryFn: () => callRoute(integrationsEp.setupStatus, { token }, { silent: true }),
    enabled: !!token,
    retry: false,
  });
  const create = useMutation({
    mutationFn: () => callRoute(integrationsEp.setupAdmin, { token, username: form.username, password: form.password }, { silent: true }),
    onSuccess: async (r) => {
      await login(r.token);
      navigate('/admin/dashboard', { replace: true });
    },
  });
  const problem = !token
    ? t('setup.noToken')
    : status.isError
      ? status.error instanceof ApiError
        ? status.error.message
        : String(status.error)
      : null;
  const createError = create.isError ? (create.error instanceof ApiError ? create.error.message : String(create.error)) : null;
  return (
    <main className="flex min-h-full items-center justify-center bg-neutral-50 p-4 text-neutral-900 dark:bg-neutral-950 dark:text-neutral-100">
      <div className="w-full max-w-md rounded-2xl border border-neutral-200 bg-white p-6 shadow-sm dark:border-neutral-800 dark:bg-neutral-900">
        <div className="mb-4 flex items-center gap-2">
          <ShieldCheck className="h-6 w-6 text-primary-fg" aria-hidden />
          <h1 className="text-lg font-semibold">{t('setup.title')}</h1>
        </div>
        <p className="mb-4 text-sm text-neutral-600 dark:text-neutral-400">{t('setup.intro')}</p>
        {problem ? (
          <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-900/20 dark:text-red-200">
            <p>{problem}</p>
            <p className="mt-3 flex gap-2">
              <Link to="/admin" className={btn.secondary}>
                {t('setup.goAdmin')}
              </Link>
              <Link to="/talk" className={btn.secondary}>
                {t('setup.goHome')}
              </Link>
            </p>
          </div>
        ) : status.isPending ? (
          <p className="text-sm">{t('setup.checking')}</p>
        ) : (
          <form
            className="grid gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              const bad = form.password !== form.confirm;
              setMismatch(bad);
              if (!bad) create.mutate();
            }}
          >
            <Field label={t('setup.username')} htmlFor="setup-username" hint={t('setup.usernameHint')}>
              <input id="setup-username" className={input} autoComplete="username" required minLength={4} maxLength={32} value={form.username} onChange={(e) => setForm({ ...form, username: e.target.value })} />
            </Field>
            <Field label={t('setup.password')} htmlFor="setup-password" hint={t('setup.passwordHint')}>
              <input id="setup-password" className={input} type="password" autoComplete="new-password" required minLength={8} maxLength={64} value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} />
            </Field>
            <Field label={t('setup.confirm')} htmlFor="setup-confirm">
              <input id="setup-confirm" className={input} type="password" autoComplete="new-password" required minLength={8} maxLength={64} value={form.confirm} onChange={(e) => setForm({ ...form, confirm: e.target.value })} />
            </Field>
            {(mismatch || createError) && (
              <p role="alert" className="text-sm text-red-700 dark:text-red-300">
                {mismatch ? t('setup.mismatch') : createError}
              </p>
            )}
            <button type="submit" className={btn.primary} disabled={create.isPending || create.isSuccess}>
              {create.isSuccess ? t('setup.done') : create.isPending ? t('setup.submitting') : t('setup.submit')}
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
