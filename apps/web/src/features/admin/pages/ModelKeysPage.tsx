import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CirclePlus, FlaskConical, Pencil, Trash2 } from 'lucide-react';
import { Link } from '../../../lib/router/index.tsx';
import type { AdminModelKey, AdminModelKeyTest } from '@app/shared';
import { FormDialog } from '../components/FormDialog.tsx';
import { callRoute } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { ep } from '../api.ts';
import { Badge, btn, Card, DataTable, Field, input, PageTitle, Toggle, type Column } from '../components/ui.tsx';
import { fmtTime } from '../format.ts';
import { useTranslation } from '../../../lib/i18n.ts';

interface Form {
  key: string;
  baseUrl: string;
  weight: number;
  priority: number;
}

/** Why a key is out, in words: the upstream's status (401 invalid, 403 banned, 402 / quota out of money) or the admin. */
function reasonLabel(t: (k: string) => string, reason: string | null) {
  if (!reason) return '';
  if (reason === '管理员停用') return t('keys.reasons.admin');
  if (/HTTP 401\b/.test(reason)) return t('keys.reasons.invalid');
  if (/HTTP 403\b/.test(reason)) return t('keys.reasons.banned');
  if (/^quota\b/.test(reason) || /HTTP 402\b/.test(reason)) return t('keys.reasons.quota');
  if (/^auth\b/.test(reason)) return t('keys.reasons.invalid');
  return t('keys.reasons.other');
}

function KeyDialog({ modelId, edit, onClose }: { modelId: number; edit: AdminModelKey | null; onClose(): void }) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const [form, setForm] = useState<Form>(() => ({ key: '', baseUrl: edit?.baseUrl ?? '', weight: edit?.weight ?? 1, priority: edit?.priority ?? 0 }));
  const save = useMutation({
    mutationFn: () =>
      edit
        ? callRoute(ep.modelKeyUpdate, { baseUrl: form.baseUrl, weight: form.weight, priority: form.priority }, { params: { id: modelId, keyId: edit.id } })
        : callRoute(ep.modelKeyCreate, { key: form.key, baseUrl: form.baseUrl, weight: form.weight, priority: form.priority }, { params: { id: modelId } }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['admin', 'model-keys', modelId] });
      await qc.invalidateQueries({ queryKey: ['admin', 'models'] });
      toast.success(edit ? t('common.saved') : t('keys.added'));
      onClose();
    },
  });
  return (
    <FormDialog id="key-form" title={edit ? t('keys.edit', { hint: edit.hint }) : t('keys.add')} widthClass="md:w-[520px]" saving={save.isPending} onClose={onClose} onSubmit={() => save.mutate()} className="grid gap-3" autoComplete="off">
      {!edit && (
        <Field label={t('keys.fields.key')} htmlFor="kf-key" hint={t('keys.keyHint')}>
          <input id="kf-key" className={`${input} font-mono`} type="password" required minLength={8} maxLength={500} autoComplete="new-password" spellCheck={false} value={form.key} onChange={(e) => setForm({ ...form, key: e.target.value })} />
        </Field>
      )}
      <Field label={t('keys.fields.baseUrl')} htmlFor="kf-base" hint={t('keys.baseUrlHint')}>
        <input id="kf-base" className={input} inputMode="url" placeholder="https://api.example.com/v1" maxLength={500} value={form.baseUrl} onChange={(e) => setForm({ ...form, baseUrl: e.target.value })} />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label={t('keys.fields.priorityLong')} htmlFor="kf-priority">
          <input id="kf-priority" className={input} type="number" step={1} min={-1000} max={1000} value={String(form.priority)} onChange={(e) => setForm({ ...form, priority: Number(e.target.value) })} />
        </Field>
        <Field label={t('keys.fields.weightLong')} htmlFor="kf-weight">
          <input id="kf-weight" className={input} type="number" step={1} min={0} max={10000} value={String(form.weight)} onChange={(e) => setForm({ ...form, weight: Number(e.target.value) })} />
        </Field>
      </div>
    </FormDialog>
  );
}

function TestResult({ result }: { result: AdminModelKeyTest }) {
  const { t } = useTranslation('admin');
  return (
    <div data-testid="key-test-result" className={result.ok ? 'rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-900 dark:border-green-800 dark:bg-green-900/20 dark:text-green-200' : 'rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-900/20 dark:text-red-200'}>
      <p className="font-medium">
        {result.ok ? t('keys.testOk', { hint: result.key.hint }) : t('keys.testFailed', { hint: result.key.hint })}
        <span className="ml-2 font-normal">{t('keys.testMeta', { status: result.httpStatus ?? '—', ms: result.latencyMs })}</span>
      </p>
      <p className="mt-1 break-all font-mono text-xs">{result.message}</p>
      <p className="mt-1 text-xs">{result.key.enabled ? t('keys.nowEnabled') : t('keys.nowDisabled')}</p>
    </div>
  );
}

/** /admin/models/:id — a model's key pool: masked keys, state, usage; add, edit, switch, delete, test. */
export default function ModelKeysPage({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const [dialog, setDialog] = useState<AdminModelKey | 'new' | null>(null);
  const [tested, setTested] = useState<AdminModelKeyTest | null>(null);
  const list = useQuery({ queryKey: ['admin', 'model-keys', id], queryFn: () => callRoute(ep.modelKeys, undefined, { params: { id } }) });
  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: ['admin', 'model-keys', id] });
    await qc.invalidateQueries({ queryKey: ['admin', 'models'] });
  };
  const toggle = useMutation({
    mutationFn: (k: AdminModelKey) => callRoute(ep.modelKeyUpdate, { enabled: !k.enabled }, { params: { id, keyId: k.id } }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (k: AdminModelKey) => callRoute(ep.modelKeyDelete, undefined, { params: { id, keyId: k.id } }),
    onSuccess: async () => {
      toast.success(t('keys.deleted'));
      await refresh();
    },
  });
  const test = useMutation({
    mutationFn: (k: AdminModelKey) => callRoute(ep.modelKeyTest, undefined, { params: { id, keyId: k.id } }),
    onSuccess: async (r) => {
      setTested(r);
      await refresh();
    },
  });

  const columns: Column<AdminModelKey>[] = [
    {
      key: 'key',
      title: t('keys.fields.key'),
      render: (k) => (
        <span className="flex flex-wrap items-center gap-1.5">
          <code className="whitespace-nowrap font-mono">{k.hint}</code>
          {k.source === 'env' && <Badge tone="indigo">{t('keys.fromEnv')}</Badge>}
        </span>
      ),
    },
    {
      key: 'state',
      title: t('keys.fields.state'),
      className: 'max-w-64',
      render: (k) => (
        <div className="flex flex-col items-start gap-1">
          {!k.readable ? <Badge tone="red">{t('keys.unreadable')}</Badge> : k.enabled ? <Badge tone="green">{t('keys.active')}</Badge> : <Badge tone="red">{t('keys.disabled')}</Badge>}
          {!k.enabled && k.disabledReason && (
            <span className="text-xs text-neutral-700 dark:text-neutral-300">
              {reasonLabel(t, k.disabledReason)}
              <span className="block break-all text-neutral-600 dark:text-neutral-400">{k.disabledReason}</span>
            </span>
          )}
        </div>
      ),
    },
    { key: 'priority', title: t('keys.fields.priority'), render: (k) => k.priority },
    { key: 'weight', title: t('keys.fields.weight'), render: (k) => k.weight },
    { key: 'baseUrl', title: t('keys.fields.baseUrlShort'), className: 'max-w-48 break-all', render: (k) => k.baseUrl ?? <span className="whitespace-nowrap text-neutral-600 dark:text-neutral-400">{t('keys.modelUrl')}</span> },
    {
      key: 'usage',
      title: t('keys.fields.usage'),
      render: (k) => (
        <span className="whitespace-nowrap text-xs">
          {t('keys.calls', { calls: k.calls, failures: k.failures })}
          <br />
          {t('keys.tokens', { count: k.promptTokens + k.completionTokens })}
        </span>
      ),
    },
    {
      key: 'last',
      title: t('keys.fields.last'),
      className: 'max-w-56',
      render: (k) => (
        <span className="text-xs">
          {t('keys.lastUsed', { time: fmtTime(k.lastUsedAt) })}
          {k.lastError && (k.enabled || k.lastError !== k.disabledReason) && <span className="block break-all text-neutral-600 dark:text-neutral-400">{t('keys.lastError', { time: fmtTime(k.lastErrorAt), error: k.lastError })}</span>}
        </span>
      ),
    },
    {
      key: 'on',
      title: t('keys.fields.enabled'),
      render: (k) => <Toggle id={`key-on-${k.id}`} label={t('keys.enabledLabel', { hint: k.hint })} checked={k.enabled} onChange={() => toggle.mutate(k)} />,
    },
    {
      key: 'actions',
      title: <span className="sr-only">{t('keys.actions')}</span>,
      render: (k) => (
        <div className="flex items-center gap-1">
          <button type="button" className={btn.secondary} disabled={test.isPending} onClick={() => test.mutate(k)} aria-label={t('keys.testLabel', { hint: k.hint })}>
            <FlaskConical className="h-4 w-4" aria-hidden />
            {test.isPending && test.variables?.id === k.id ? t('keys.testing') : t('keys.test')}
          </button>
          <button type="button" className={btn.icon} onClick={() => setDialog(k)} aria-label={t('keys.editLabel', { hint: k.hint })} title={t('keys.editLabel', { hint: k.hint })}>
            <Pencil className="h-4 w-4" aria-hidden />
          </button>
          <button
            type="button"
            className={btn.icon}
            disabled={remove.isPending}
            onClick={() => window.confirm(t('keys.deleteConfirm', { hint: k.hint })) && remove.mutate(k)}
            aria-label={t('keys.deleteLabel', { hint: k.hint })}
            title={t('keys.deleteLabel', { hint: k.hint })}
          >
            <Trash2 className="h-4 w-4" aria-hidden />
          </button>
        </div>
      ),
    },
  ];

  const model = list.data?.model;
  return (
    <>
      <Link to="/admin/models" className="mb-2 inline-flex items-center gap-1 text-sm text-primary-fg hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {t('keys.back')}
      </Link>
      <PageTitle
        actions={
          <button type="button" className={btn.primary} onClick={() => setDialog('new')} disabled={!model}>
            <CirclePlus className="h-4 w-4" aria-hidden />
            {t('keys.add')}
          </button>
        }
      >
        {model ? t('keys.title', { name: model.label }) : t('keys.titleShort')}
      </PageTitle>
      {list.isError && <p className="text-sm text-red-700 dark:text-red-300">{t('guard.failed')}</p>}
      {model && (
        <div className="flex flex-col gap-4">
          <Card>
            <p className="text-sm text-neutral-700 dark:text-neutral-300">{t('keys.explain')}</p>
            <p className="mt-1 text-xs text-neutral-600 dark:text-neutral-400">
              {t('keys.modelInfo', { code: model.code, url: model.baseUrl || t('keys.defaultUrl') })}
            </p>
          </Card>
          <div aria-live="polite">{tested && <TestResult result={tested} />}</div>
          <Card>{list.data && <DataTable caption={t('keys.titleShort')} rows={list.data.rows} columns={columns} rowKey={(k) => k.id} />}</Card>
        </div>
      )}
      {dialog && <KeyDialog modelId={id} edit={dialog === 'new' ? null : dialog} onClose={() => setDialog(null)} />}
    </>
  );
}
