import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CirclePlus } from 'lucide-react';
import { Link } from '../../../lib/router/index.tsx';
import { guessCapabilities, type AdminModel } from '@app/shared';
import { FormDialog } from '../components/FormDialog.tsx';
import { callRoute } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { ep } from '../api.ts';
import { Badge, btn, Card, DataTable, Field, input, PageTitle, Toggle, type Column } from '../components/ui.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

type Form = Omit<AdminModel, 'id' | 'keys' | 'liveKeys'>;
const EMPTY: Form = {
  code: '',
  label: '',
  description: '',
  upstreamModel: '',
  provider: 'openai',
  baseUrl: '',
  inputExt: 2000,
  vision: false,
  reasoning: false,
  takesTemperature: true,
  tokenParam: 'max_tokens',
  takesSystem: true,
  pool: 'model3',
  cost: 1,
  maxRounds: 8,
  maxTokens: 4096,
  maxContextTokens: 16000,
  systemPrompt: '',
  sort: 0,
  enabled: true,
};
const TEXT = ['label', 'description', 'upstreamModel', 'baseUrl'] as const;
const NUMBERS = ['inputExt', 'cost', 'maxRounds', 'maxTokens', 'maxContextTokens', 'sort'] as const;
/** What the upstream takes: guessed from the upstream model's name while a model is added, until the operator sets one. */
const CAPABILITY_FLAGS = ['vision', 'reasoning', 'takesTemperature', 'takesSystem'] as const;

function ModelDialog({ model, onClose }: { model: AdminModel | null; onClose(): void }) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const [form, setForm] = useState<Form>(() => (model ? { ...model, baseUrl: model.baseUrl ?? '' } : EMPTY));
  /** A new model's capabilities follow the upstream name until one of them is set by hand. */
  const [capsTouched, setCapsTouched] = useState(model !== null);
  const setText = (k: (typeof TEXT)[number], value: string) =>
    setForm((prev) => ({ ...prev, [k]: value, ...(k === 'upstreamModel' && !capsTouched ? guessCapabilities(value) : {}) }));
  const setCapability = (patch: Partial<Form>) => {
    setCapsTouched(true);
    setForm((prev) => ({ ...prev, ...patch }));
  };
  const save = useMutation({
    mutationFn: () => {
      const { code, ...fields } = form;
      return model ? callRoute(ep.modelUpdate, fields, { params: { id: model.id } }) : callRoute(ep.modelCreate, { ...fields, code });
    },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['admin', 'models'] });
      toast.success(t('common.saved'));
      onClose();
    },
  });
  const f = (k: keyof Form) => t(`models.fields.${k}`);
  return (
    <FormDialog id="model-form" title={model ? t('models.edit', { name: model.label }) : t('models.add')} widthClass="md:w-[640px]" saving={save.isPending} onClose={onClose} onSubmit={() => save.mutate()}>
      {!model && (
        <Field label={f('code')} htmlFor="mf-code">
          <input id="mf-code" className={input} required maxLength={40} value={form.code} onChange={(e) => setForm({ ...form, code: e.target.value })} />
        </Field>
      )}
      {TEXT.map((k) => (
        <Field key={k} label={f(k)} htmlFor={`mf-${k}`}>
          <input id={`mf-${k}`} className={input} value={form[k] ?? ''} onChange={(e) => setText(k, e.target.value)} />
        </Field>
      ))}
      <Field label={f('pool')} htmlFor="mf-pool">
        <select id="mf-pool" className={input} value={form.pool} onChange={(e) => setForm({ ...form, pool: e.target.value as Form['pool'] })}>
          <option value="model3">{t('pools.model3')}</option>
          <option value="model4">{t('pools.model4')}</option>
        </select>
      </Field>
      {NUMBERS.map((k) => (
        <Field key={k} label={f(k)} htmlFor={`mf-${k}`}>
          <input id={`mf-${k}`} type="number" step={1} className={input} value={String(form[k])} onChange={(e) => setForm({ ...form, [k]: Number(e.target.value) })} />
        </Field>
      ))}
      <fieldset className="grid gap-2 rounded-md border border-neutral-200 p-3 md:col-span-2 md:grid-cols-2 dark:border-neutral-700">
        <legend className="px-1 text-sm font-medium">{t('models.capabilities')}</legend>
        <p className="text-xs text-neutral-600 md:col-span-2 dark:text-neutral-400">{t('models.capabilitiesHint')}</p>
        {CAPABILITY_FLAGS.map((k) => (
          <label key={k} className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={form[k]} onChange={(e) => setCapability({ [k]: e.target.checked })} />
            {f(k)}
          </label>
        ))}
        <Field label={f('tokenParam')} htmlFor="mf-tokenParam">
          <select id="mf-tokenParam" className={input} value={form.tokenParam} onChange={(e) => setCapability({ tokenParam: e.target.value as Form['tokenParam'] })}>
            <option value="max_tokens">max_tokens</option>
            <option value="max_completion_tokens">max_completion_tokens</option>
          </select>
        </Field>
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={form.enabled} onChange={(e) => setForm({ ...form, enabled: e.target.checked })} />
        {f('enabled')}
      </label>
      <div className="md:col-span-2">
        <Field label={f('systemPrompt')} htmlFor="mf-systemPrompt">
          <textarea id="mf-systemPrompt" className={`${input} min-h-24`} maxLength={20000} value={form.systemPrompt} onChange={(e) => setForm({ ...form, systemPrompt: e.target.value })} />
        </Field>
      </div>
    </FormDialog>
  );
}

export default function ModelsPage() {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const [editing, setEditing] = useState<AdminModel | 'new' | null>(null);
  const list = useQuery({ queryKey: ['admin', 'models'], queryFn: () => callRoute(ep.models, undefined) });
  const toggle = useMutation({
    mutationFn: (m: AdminModel) => callRoute(ep.modelUpdate, { enabled: !m.enabled }, { params: { id: m.id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', 'models'] }),
  });
  const columns: Column<AdminModel>[] = [
    { key: 'code', title: t('models.fields.code'), render: (m) => <code>{m.code}</code> },
    { key: 'label', title: t('models.fields.label'), render: (m) => m.label },
    { key: 'pool', title: t('models.fields.pool'), render: (m) => t(`pools.${m.pool}`) },
    {
      key: 'caps',
      title: t('models.capsShort'),
      render: (m) => (
        <span className="flex flex-wrap gap-1">
          {m.vision && <Badge tone="indigo">{t('models.caps.vision')}</Badge>}
          {m.reasoning && <Badge tone="indigo">{t('models.caps.reasoning')}</Badge>}
          {!m.takesTemperature && <Badge tone="gray">{t('models.caps.noTemperature')}</Badge>}
          {m.tokenParam === 'max_completion_tokens' && <Badge tone="gray">max_completion_tokens</Badge>}
          {!m.takesSystem && <Badge tone="gray">{t('models.caps.noSystem')}</Badge>}
        </span>
      ),
    },
    { key: 'cost', title: t('models.fields.cost'), render: (m) => m.cost },
    { key: 'sort', title: t('models.fields.sort'), render: (m) => m.sort },
    {
      key: 'keys',
      title: t('models.keys'),
      render: (m) => (
        <Link to={`/admin/models/${m.id}`} className="inline-flex items-center gap-1.5 text-primary-fg hover:underline" aria-label={t('models.manageKeys', { name: m.label })}>
          <Badge tone={m.liveKeys ? 'green' : m.keys ? 'red' : 'gray'}>{`${m.liveKeys} / ${m.keys}`}</Badge>
          {t('models.keysLink')}
        </Link>
      ),
    },
    { key: 'on', title: t('models.fields.enabled'), render: (m) => <Toggle id={`model-on-${m.id}`} label={t('models.enabledLabel', { name: m.label })} checked={m.enabled} onChange={() => toggle.mutate(m)} /> },
    { key: 'edit', title: <span className="sr-only">{t('models.editShort')}</span>, render: (m) => <button type="button" className={btn.secondary} onClick={() => setEditing(m)}>{t('models.editShort')}</button> },
  ];
  return (
    <>
      <PageTitle
        actions={
          <button type="button" className={btn.primary} onClick={() => setEditing('new')}>
            <CirclePlus className="h-4 w-4" aria-hidden />
            {t('models.add')}
          </button>
        }
      >
        {t('models.title')}
      </PageTitle>
      <Card>{list.data && <DataTable caption={t('models.title')} rows={list.data.rows} columns={columns} rowKey={(m) => m.id} />}</Card>
      {editing && <ModelDialog model={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
