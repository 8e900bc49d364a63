import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CirclePlus, Trash2 } from 'lucide-react';
import { FORM_TYPES, type AdminApp, type AdminCategory, type AppKind, type FormType } from '@app/shared';
// Names only: drawing the icons here would share lucide modules with the end user's first load and re-cut its chunks.
import { APP_ICON_NAMES } from '@app/shared/app-icons';
import { FormDialog } from '../components/FormDialog.tsx';
import { callRoute } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { contentEp } from '../api-content.ts';
import { Badge, btn, Card, DataTable, Field, input, PageTitle, Pager, Toggle, type Column } from '../components/ui.tsx';
import '../locales-content.ts';
import { useTranslation } from '../../../lib/i18n.ts';

const SIZE = 20;
/** The console's input style at a fixed width (its own is full width). */
const sized = (width: string) => input.replace('w-full', width);
const APPS = ['admin', 'content', 'apps'] as const;
const CATEGORIES = ['admin', 'content', 'categories'] as const;

/** One row of the form editor; `options` is the select's values, comma separated while editing. */
interface VariableRow {
  key: string;
  name: string;
  form_type: FormType;
  placeholder: string;
  tip: string;
  require: boolean;
  options: string;
}

interface Form {
  kind: AppKind;
  categoryId: number | null;
  title: string;
  description: string;
  icon: string;
  prompt: string;
  identityDescription: string;
  questions: string;
  sort: number;
  enabled: boolean;
  variables: VariableRow[];
}

const formOf = (a: AdminApp | null, kind: AppKind): Form =>
  a
    ? {
        ...a,
        questions: a.questions.join('\n'),
        variables: Object.entries(a.variables).map(([key, v]) => ({
          key,
          name: v.name,
          form_type: v.form_type,
          placeholder: v.placeholder,
          tip: v.tip,
          require: v.require,
          options: (v.select_values ?? []).join(', '),
        })),
      }
    : { kind, categoryId: null, title: '', description: '', icon: '', prompt: '', identityDescription: '', questions: '', sort: 0, enabled: true, variables: [] };

const bodyOf = (f: Form) => ({
  categoryId: f.categoryId,
  title: f.title,
  description: f.description,
  icon: f.icon,
  prompt: f.prompt,
  identityDescription: f.identityDescription,
  questions: f.questions.split('\n').map((q) => q.trim()).filter(Boolean),
  sort: f.sort,
  enabled: f.enabled,
  variables: Object.fromEntries(
    f.variables.map((v) => [
      v.key.trim(),
      {
        name: v.name,
        form_type: v.form_type,
        placeholder: v.placeholder,
        tip: v.tip,
        require: v.require,
        ...(v.form_type === 'select' ? { select_values: v.options.split(/[,，]/).map((s) => s.trim()).filter(Boolean) } : {}),
      },
    ]),
  ),
});

function VariablesEditor({ rows, onChange }: { rows: VariableRow[]; onChange(rows: VariableRow[]): void }) {
  const { t } = useTranslation('adminContent');
  const set = (i: number, patch: Partial<VariableRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="flex flex-col gap-2 md:col-span-2">
      <legend className="mb-1 text-sm font-medium text-neutral-700 dark:text-neutral-300">{t('apps.variables.title')}</legend>
      {rows.map((v, i) => (
        <div key={i} className="grid gap-2 rounded-lg border border-neutral-200 p-2 md:grid-cols-3 dark:border-neutral-800">
          <Field label={t('apps.variables.key')} htmlFor={`var-key-${i}`}>
            <input id={`var-key-${i}`} className={input} value={v.key} maxLength={32} onChange={(e) => set(i, { key: e.target.value })} />
          </Field>
          <Field label={t('apps.variables.name')} htmlFor={`var-name-${i}`}>
            <input id={`var-name-${i}`} className={input} value={v.name} maxLength={20} onChange={(e) => set(i, { name: e.target.value })} />
          </Field>
          <Field label={t('apps.variables.type')} htmlFor={`var-type-${i}`}>
            <select id={`var-type-${i}`} className={input} value={v.form_type} onChange={(e) => set(i, { form_type: e.target.value as FormType })}>
              {FORM_TYPES.map((ft) => (
                <option key={ft} value={ft}>
                  {t(`apps.variables.types.${ft}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('apps.variables.placeholder')} htmlFor={`var-ph-${i}`}>
            <input id={`var-ph-${i}`} className={input} value={v.placeholder} maxLength={100} onChange={(e) => set(i, { placeholder: e.target.value })} />
          </Field>
          <Field label={t('apps.variables.tip')} htmlFor={`var-tip-${i}`}>
            <input id={`var-tip-${i}`} className={input} value={v.tip} maxLength={100} onChange={(e) => set(i, { tip: e.target.value })} />
          </Field>
          {v.form_type === 'select' ? (
            <Field label={t('apps.variables.options')} htmlFor={`var-opt-${i}`}>
              <input id={`var-opt-${i}`} className={input} value={v.options} onChange={(e) => set(i, { options: e.target.value })} />
            </Field>
          ) : (
            <span />
          )}
          <div className="flex items-center justify-between md:col-span-3">
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={v.require} onChange={(e) => set(i, { require: e.target.checked })} />
              {t('apps.variables.required')}
            </label>
            <button type="button" className={btn.icon} aria-label={t('apps.variables.remove', { key: v.key || i + 1 })} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
              <Trash2 className="h-4 w-4" aria-hidden />
            </button>
          </div>
        </div>
      ))}
      <button
        type="button"
        className={`${btn.secondary} self-start`}
        onClick={() => onChange([...rows, { key: `var${rows.length + 1}`, name: '', form_type: 'input_text', placeholder: '', tip: '', require: true, options: '' }])}
      >
        <CirclePlus className="h-4 w-4" aria-hidden />
        {t('apps.variables.add')}
      </button>
    </fieldset>
  );
}

function AppDialog({ app, kind, categories, onClose }: { app: AdminApp | null; kind: AppKind; categories: AdminCategory[]; onClose(): void }) {
  const { t } = useTranslation('adminContent');
  const { t: ta } = useTranslation('admin');
  const qc = useQueryClient();
  const [form, setForm] = useState<Form>(() => formOf(app, kind));
  const save = useMutation({
    mutationFn: () => (app ? callRoute(contentEp.appUpdate, bodyOf(form), { params: { id: app.id } }) : callRoute(contentEp.appCreate, { kind: form.kind, ...bodyOf(form) })),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: APPS });
      await qc.invalidateQueries({ queryKey: CATEGORIES });
      toast.success(ta('common.saved'));
      onClose();
    },
  });
  const f = (k: string) => t(`apps.fields.${k}`);
  const expert = form.kind === 'expert';
  return (
    <FormDialog id="app-form" title={app ? t('apps.edit', { name: app.title }) : expert ? t('apps.addExpert') : t('apps.addTemplate')} widthClass="md:w-[720px]" saving={save.isPending} onClose={onClose} onSubmit={() => save.mutate()}>
      <Field label={f('title')} htmlFor="af-title">
        <input id="af-title" className={input} required maxLength={30} value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} />
      </Field>
      <Field label={f('category')} htmlFor="af-category">
        <select id="af-category" className={input} value={form.categoryId ?? ''} onChange={(e) => setForm({ ...form, categoryId: e.target.value ? Number(e.target.value) : null })}>
          <option value="">{t('apps.noCategory')}</option>
          {categories
            .filter((c) => c.kind === form.kind)
            .map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
        </select>
      </Field>
      <div className="md:col-span-2">
        <Field label={f('description')} htmlFor="af-description">
          <input id="af-description" className={input} maxLength={200} value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })} />
        </Field>
      </div>
      <Field label={f('icon')} htmlFor="af-icon">
        <div className="flex items-center gap-2">
          <select id="af-icon" className={input} value={form.icon} onChange={(e) => setForm({ ...form, icon: e.target.value })}>
            <option value="">sparkles</option>
            {APP_ICON_NAMES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      </Field>
      <Field label={f('sort')} htmlFor="af-sort">
        <input id="af-sort" type="number" step={1} className={input} value={String(form.sort)} onChange={(e) => setForm({ ...form, sort: Number(e.target.value) })} />
      </Field>
      <div className="md:col-span-2">
        <Field label={expert ? f('expertPrompt') : f('prompt')} htmlFor="af-prompt" hint={expert ? undefined : t('apps.fields.promptHint', { example: '{{key}}', interpolation: { escapeValue: false } })}>
          <textarea id="af-prompt" className={`${input} min-h-28`} required maxLength={8000} value={form.prompt} onChange={(e) => setForm({ ...form, prompt: e.target.value })} />
        </Field>
      </div>
      {expert && (
        <div className="md:col-span-2">
          <Field label={f('identityDescription')} htmlFor="af-identity">
            <textarea id="af-identity" className={`${input} min-h-16`} maxLength={1000} value={form.identityDescription} onChange={(e) => setForm({ ...form, identityDescription: e.target.value })} />
          </Field>
        </div>
      )}
      <div className="md:col-span-2">
        <Field label={f('questions')} htmlFor="af-questions">
          <textarea id="af-questions" className={`${input} min-h-16`} value={form.questions} onChange={(e) => setForm({ ...form, questions: e.target.value })} />
        </Field>
      </div>
      {!expert && <VariablesEditor rows={form.variables} onChange={(variables) => setForm({ ...form, variables })} />}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={form.enabled} onChange={(e) => setForm({ ...form, enabled: e.target.checked })} />
        {f('enabled')}
      </label>
    </FormDialog>
  );
}

function CategoriesCard({ categories }: { categories: AdminCategory[] }) {
  const { t } = useTranslation('adminContent');
  const { t: ta } = useTranslation('admin');
  const qc = useQueryClient();
  const [draft, setDraft] = useState<{ kind: AppKind; name: string }>({ kind: 'template', name: '' });
  const refresh = () => qc.invalidateQueries({ queryKey: CATEGORIES });
  const create = useMutation({
    mutationFn: () => callRoute(contentEp.categoryCreate, { kind: draft.kind, name: draft.name, icon: '', sort: 0 }),
    onSuccess: async () => {
      setDraft({ ...draft, name: '' });
      toast.success(ta('common.saved'));
      await refresh();
    },
  });
  const update = useMutation({
    mutationFn: (v: { id: number; name?: string; sort?: number }) => callRoute(contentEp.categoryUpdate, { name: v.name, sort: v.sort }, { params: { id: v.id } }),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (id: number) => callRoute(contentEp.categoryDelete, undefined, { params: { id } }), onSuccess: refresh });
  const columns: Column<AdminCategory>[] = [
    { key: 'kind', title: t('apps.fields.kind'), render: (c) => <Badge tone={c.kind === 'expert' ? 'indigo' : 'gray'}>{t(`kinds.${c.kind}`)}</Badge> },
    {
      key: 'name',
      title: t('categories.name'),
      render: (c) => (
        <input
          className={sized('w-48')}
          aria-label={t('categories.edit', { name: c.name })}
          defaultValue={c.name}
          maxLength={20}
          onBlur={(e) => e.target.value.trim() && e.target.value.trim() !== c.name && update.mutate({ id: c.id, name: e.target.value.trim() })}
        />
      ),
    },
    {
      key: 'sort',
      title: t('apps.fields.sort'),
      render: (c) => (
        <input
          type="number"
          className={sized('w-24')}
          aria-label={`${t('apps.fields.sort')} ${c.name}`}
          defaultValue={c.sort}
          onBlur={(e) => Number(e.target.value) !== c.sort && update.mutate({ id: c.id, sort: Number(e.target.value) })}
        />
      ),
    },
    { key: 'count', title: t('categories.count'), render: (c) => c.apps },
    {
      key: 'remove',
      title: <span className="sr-only">{t('apps.remove')}</span>,
      render: (c) => (
        <button type="button" className={btn.icon} disabled={c.apps > 0} aria-label={`${t('apps.remove')} ${c.name}`} onClick={() => window.confirm(t('categories.removeConfirm', { name: c.name })) && remove.mutate(c.id)}>
          <Trash2 className="h-4 w-4" aria-hidden />
        </button>
      ),
    },
  ];
  return (
    <Card title={t('categories.title')}>
      <form
        className="mb-3 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <select aria-label={t('apps.fields.kind')} className={sized('w-36')} value={draft.kind} onChange={(e) => setDraft({ ...draft, kind: e.target.value as AppKind })}>
          <option value="template">{t('kinds.template')}</option>
          <option value="expert">{t('kinds.expert')}</option>
        </select>
        <input aria-label={t('categories.name')} placeholder={t('categories.name')} className={sized('w-56')} required maxLength={20} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
        <button type="submit" className={btn.secondary} disabled={create.isPending}>
          <CirclePlus className="h-4 w-4" aria-hidden />
          {t('categories.add')}
        </button>
      </form>
      <DataTable caption={t('categories.title')} rows={categories} columns={columns} rowKey={(c) => c.id} />
    </Card>
  );
}

/** /admin/apps: template apps and experts of the catalogue (every field users see), and their categories. */
export default function ContentAppsPage() {
  const { t } = useTranslation('adminContent');
  const qc = useQueryClient();
  const [kind, setKind] = useState<AppKind | ''>('');
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminApp | AppKind | null>(null);
  const list = useQuery({
    queryKey: [...APPS, kind, search, page],
    queryFn: () => callRoute(contentEp.apps, { kind: kind || undefined, q: search || undefined, page, size: SIZE }),
    placeholderData: keepPreviousData,
  });
  const categories = useQuery({ queryKey: CATEGORIES, queryFn: () => callRoute(contentEp.categories, undefined) });
  const refresh = () => qc.invalidateQueries({ queryKey: APPS });
  const toggle = useMutation({ mutationFn: (a: AdminApp) => callRoute(contentEp.appUpdate, { enabled: !a.enabled }, { params: { id: a.id } }), onSuccess: refresh });
  const remove = useMutation({
    mutationFn: (a: AdminApp) => callRoute(contentEp.appDelete, undefined, { params: { id: a.id } }),
    onSuccess: async () => {
      toast.success(t('apps.removed'));
      await refresh();
    },
  });
  const columns: Column<AdminApp>[] = [
    {
      key: 'title',
      title: t('apps.fields.title'),
      render: (a) => <span className="font-medium">{a.title}</span>,
    },
    { key: 'kind', title: t('apps.fields.kind'), render: (a) => <Badge tone={a.kind === 'expert' ? 'indigo' : 'gray'}>{t(`kinds.${a.kind}`)}</Badge> },
    { key: 'category', title: t('apps.fields.category'), render: (a) => a.category || t('apps.noCategory') },
    { key: 'description', title: t('apps.fields.description'), className: 'max-w-72 truncate', render: (a) => <span title={a.description}>{a.description}</span> },
    { key: 'sort', title: t('apps.fields.sort'), render: (a) => a.sort },
    { key: 'usage', title: t('apps.usage'), render: (a) => `${a.collectCount} / ${a.chatCount}` },
    { key: 'on', title: t('apps.fields.enabled'), render: (a) => <Toggle id={`app-on-${a.id}`} label={t('apps.enabledLabel', { name: a.title })} checked={a.enabled} onChange={() => toggle.mutate(a)} /> },
    {
      key: 'edit',
      title: <span className="sr-only">{t('apps.editShort')}</span>,
      render: (a) => (
        <span className="flex gap-1">
          <button type="button" className={btn.secondary} aria-label={t('apps.edit', { name: a.title })} onClick={() => setEditing(a)}>
            {t('apps.editShort')}
          </button>
          {a.collectCount === 0 && a.chatCount === 0 && (
            <button type="button" className={btn.icon} aria-label={`${t('apps.remove')} ${a.title}`} onClick={() => window.confirm(t('apps.removeConfirm', { name: a.title })) && remove.mutate(a)}>
              <Trash2 className="h-4 w-4" aria-hidden />
            </button>
          )}
        </span>
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-4">
      <PageTitle
        actions={
          <span className="flex gap-2">
            <button type="button" className={btn.primary} onClick={() => setEditing('template')}>
              <CirclePlus className="h-4 w-4" aria-hidden />
              {t('apps.addTemplate')}
            </button>
            <button type="button" className={btn.secondary} onClick={() => setEditing('expert')}>
              <CirclePlus className="h-4 w-4" aria-hidden />
              {t('apps.addExpert')}
            </button>
          </span>
        }
      >
        {t('apps.title')}
      </PageTitle>
      <Card>
        <form
          className="mb-3 flex flex-wrap gap-2"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            setSearch(q.trim());
            setPage(1);
          }}
        >
          <select
            aria-label={t('apps.fields.kind')}
            className={sized('w-36')}
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as AppKind | '');
              setPage(1);
            }}
          >
            <option value="">{t('apps.all')}</option>
            <option value="template">{t('kinds.template')}</option>
            <option value="expert">{t('kinds.expert')}</option>
          </select>
          <input type="search" aria-label={t('apps.search')} placeholder={t('apps.search')} className={`${input} max-w-xs`} value={q} maxLength={64} onChange={(e) => setQ(e.target.value)} />
        </form>
        {list.data && (
          <>
            <DataTable caption={t('apps.title')} rows={list.data.rows} columns={columns} rowKey={(a) => a.id} />
            <Pager page={page} size={SIZE} total={list.data.total} onPage={setPage} />
          </>
        )}
      </Card>
      {categories.data && <CategoriesCard categories={categories.data.rows} />}
      {editing && categories.data && (
        <AppDialog
          app={typeof editing === 'string' ? null : editing}
          kind={typeof editing === 'string' ? editing : editing.kind}
          categories={categories.data.rows}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
