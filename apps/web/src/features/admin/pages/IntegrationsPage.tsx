import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FlaskConical, RotateCcw, Save } from 'lucide-react';
import type { AdminIntegrationsReply, IntegrationField, IntegrationGroup, IntegrationTestReply } from '@app/shared';
import { callRoute } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { integrationsEp } from '../api-integrations.ts';
import { Badge, btn, Card, Field, input, PageTitle } from '../components/ui.tsx';
import '../locales-integrations.ts';
import { useTranslation } from '../../../lib/i18n.ts';

const NS = 'adminIntegrations';

/** The form's starting value of a setting: the console's own value (secrets: always blank, never sent to the page in clear). */
const initial = (f: IntegrationField) => (!f.secret && f.source === 'db' ? f.value : '');

function SourceBadge({ f }: { f: IntegrationField }) {
  const { t } = useTranslation(NS);
  const tone = f.source === 'db' ? 'indigo' : f.source === 'env' ? 'green' : 'gray';
  return (
    <span className="flex flex-wrap items-center gap-1 text-xs text-neutral-600 dark:text-neutral-400">
      <Badge tone={tone}>{t(`source.${f.source}`)}</Badge>
      {f.source === 'db' && f.envHasValue && <span>{t('envHidden')}</span>}
    </span>
  );
}

function FieldInput({ f, value, onChange, id }: { f: IntegrationField; value: string; onChange(v: string): void; id: string }) {
  const { t } = useTranslation(NS);
  const envShown = f.source === 'env' ? f.value : '';
  if (f.kind === 'select' || f.kind === 'bool') {
    const options = f.kind === 'bool' ? ['1', '0'] : (f.options ?? []);
    return (
      <select id={id} className={input} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('useEnv')}{envShown ? `（${envShown}）` : ''}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {f.kind === 'bool' ? (o === '1' ? t('boolOn') : t('boolOff')) : o}
          </option>
        ))}
      </select>
    );
  }
  if (f.kind === 'pem') {
    return (
      <textarea
        id={id}
        className={`${input} min-h-20 font-mono text-xs`}
        spellCheck={false}
        autoComplete="off"
        placeholder={f.secret && f.hasValue ? `${f.value} · ${t('secretKeep')}` : f.source === 'env' ? f.value : t('pemPlaceholder')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  const secret = f.secret;
  return (
    <input
      id={id}
      className={`${input} font-mono`}
      type={secret ? 'password' : 'text'}
      autoComplete={secret ? 'new-password' : 'off'}
      spellCheck={false}
      maxLength={2000}
      placeholder={secret ? (f.hasValue ? `${f.value} · ${t('secretKeep')}` : t('secretNew')) : envShown}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

function TestResult({ r }: { r: IntegrationTestReply }) {
  const { t } = useTranslation(NS);
  const tone = r.ok
    ? 'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-900/20 dark:text-green-200'
    : 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-900/20 dark:text-red-200';
  return (
    <div data-testid="integration-test-result" role="status" className={`mt-3 rounded-lg border p-3 text-sm ${tone}`}>
      <p className="font-medium">
        {r.ok ? t('test.ok') : t('test.failed')}
        <span className="ml-2 font-normal">{t('test.meta', { provider: r.provider, status: r.status ?? t('test.none'), code: r.code ?? t('test.none'), ms: r.latencyMs })}</span>
      </p>
      <p className="mt-1 break-all">{r.message}</p>
      {r.body && (
        <details className="mt-2" open>
          <summary className="cursor-pointer text-xs">{t('test.body')}</summary>
          <pre className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-white/70 p-2 font-mono text-xs dark:bg-black/30">{r.body}</pre>
        </details>
      )}
    </div>
  );
}

function GroupCard({ group }: { group: IntegrationGroup }) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(group.fields.map((f) => [f.key, initial(f)])));
  const [phone, setPhone] = useState('');
  const [result, setResult] = useState<IntegrationTestReply | null>(null);
  const title = t(`groups.${group.id}.title`);
  // SMS: only the chosen vendor's settings (and any that hold a value), not both vendors' at once.
  const provider = group.id === 'sms' ? values.SMS_PROVIDER || group.fields.find((f) => f.key === 'SMS_PROVIDER')?.value || group.active : '';
  const shown = group.fields.filter((f) => group.id !== 'sms' || !/^(ALIYUN|TENCENT)_/.test(f.key) || f.key.startsWith(`${provider.toUpperCase()}_`) || f.hasValue);
  const apply = (data: AdminIntegrationsReply) => qc.setQueryData(['admin', 'integrations'], data);
  const save = useMutation({
    mutationFn: () => callRoute(integrationsEp.save, { values: Object.fromEntries(shown.map((f) => [f.key, values[f.key] ?? ''])), clear: [] }, { params: { group: group.id }, silent: true }),
    onSuccess: (data) => {
      toast.success(t('saved'));
      apply(data);
    },
  });
  const reset = useMutation({
    mutationFn: () => callRoute(integrationsEp.save, { values: {}, clear: group.fields.map((f) => f.key) }, { params: { group: group.id } }),
    onSuccess: (data) => {
      toast.success(t('saved'));
      apply(data);
    },
  });
  const test = useMutation({
    mutationFn: () => callRoute(integrationsEp.test, group.id === 'sms' ? { phone } : {}, { params: { group: group.id } }),
    onSuccess: setResult,
  });
  const adapter = t(`adapters.${group.active}`, { defaultValue: group.active });
  return (
    <Card
      title={
        <span className="flex flex-wrap items-center gap-2">
          {title}
          <Badge tone={['off', 'none'].includes(group.active) ? 'gray' : 'green'}>{t('inUse', { name: adapter })}</Badge>
          {group.overridden && <Badge tone="indigo">{t('overridden')}</Badge>}
        </span>
      }
    >
      <section aria-label={title} data-testid={`integration-${group.id}`}>
        <p className="mb-3 text-sm text-neutral-600 dark:text-neutral-400">{t(`groups.${group.id}.hint`)}</p>
        {group.error && <p className="mb-3 rounded-lg bg-red-50 p-2 text-sm text-red-800 dark:bg-red-900/20 dark:text-red-200">{t('error', { error: group.error })}</p>}
        {group.fields.length > 0 && (
          <form
            className="grid gap-3 md:grid-cols-2"
            autoComplete="off"
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate();
            }}
          >
            {shown.map((f) => (
              <div key={f.key} className={f.kind === 'pem' ? 'md:col-span-2' : undefined}>
                <Field label={<code className="font-mono text-xs">{f.key}</code>} htmlFor={`if-${f.key}`} hint={<SourceBadge f={f} />}>
                  <FieldInput id={`if-${f.key}`} f={f} value={values[f.key] ?? ''} onChange={(v) => setValues({ ...values, [f.key]: v })} />
                </Field>
              </div>
            ))}
            <div className="flex flex-wrap items-center gap-2 md:col-span-2">
              <button type="submit" className={btn.primary} disabled={save.isPending}>
                <Save className="h-4 w-4" aria-hidden />
                {save.isPending ? t('saving') : t('save')}
              </button>
              {group.overridden && (
                <button type="button" className={btn.secondary} disabled={reset.isPending} onClick={() => window.confirm(t('resetConfirm', { name: title })) && reset.mutate()}>
                  <RotateCcw className="h-4 w-4" aria-hidden />
                  {t('reset')}
                </button>
              )}
            </div>
            {save.isError && (
              <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-800 md:col-span-2 dark:bg-red-900/20 dark:text-red-200">
                {save.error instanceof ApiError ? save.error.message : String(save.error)}
              </p>
            )}
          </form>
        )}
        <div className="mt-4 flex flex-wrap items-end gap-2 border-t border-neutral-100 pt-3 dark:border-neutral-800">
          {group.id === 'sms' && (
            <div className="w-56">
              <Field label={t('test.phone')} htmlFor="if-test-phone">
                <input id="if-test-phone" className={input} inputMode="numeric" maxLength={11} placeholder={t('test.phonePlaceholder')} value={phone} onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))} />
              </Field>
            </div>
          )}
          <button type="button" className={btn.secondary} disabled={test.isPending} onClick={() => test.mutate()}>
            <FlaskConical className="h-4 w-4" aria-hidden />
            {test.isPending ? t('test.running') : t('test.button')}
          </button>
        </div>
        {result && <TestResult r={result} />}
      </section>
    </Card>
  );
}

/** /admin/integrations — SMS, WeChat OA, storage and payment settings over the environment, each with a test. */
export default function IntegrationsPage() {
  const { t } = useTranslation(NS);
  const list = useQuery({ queryKey: ['admin', 'integrations'], queryFn: () => callRoute(integrationsEp.list, undefined) });
  const data = list.data;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <PageTitle>{t('title')}</PageTitle>
      <p className="-mt-2 text-sm text-neutral-600 dark:text-neutral-400">{t('intro')}</p>
      {data && (
        <Card
          title={
            <span className="flex items-center gap-2">
              {t('demo.title')}
              <Badge tone={data.demo.on ? 'indigo' : 'gray'}>{data.demo.on ? t('demo.on') : t('demo.off')}</Badge>
              <Badge tone="gray">{t('demo.readOnly')}</Badge>
            </span>
          }
        >
          <p className="text-sm font-medium">{data.demo.source === 'env' ? t('demo.sourceEnv') : t('demo.sourceAuto')}</p>
          <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{t('demo.why')}</p>
        </Card>
      )}
      {list.isPending && <div className="h-40 animate-pulse rounded-xl bg-neutral-200/60 dark:bg-neutral-800" />}
      {data?.groups.map((g) => (
        <GroupCard key={`${g.id}:${g.fields.map((f) => `${f.source}=${f.value}`).join('|')}`} group={g} />
      ))}
    </div>
  );
}
