import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CirclePlus } from 'lucide-react';
import { DRAW_KINDS, DRAW_TYPES, type AdminDrawExample, type AdminDrawType, type DrawKind, type DrawType } from '@app/shared';
import { Modal, modalButton } from '../../../components/Modal.tsx';
import { callRoute } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { catalogueEp } from '../api-catalogue.ts';
import { Badge, btn, Card, DataTable, Field, input, PageTitle, Toggle, type Column } from '../components/ui.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

const TYPES_KEY = ['admin', 'draw-types'];
const EXAMPLES_KEY = ['admin', 'draw-examples'];

function Footer({ form, busy, onClose }: { form: string; busy: boolean; onClose(): void }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <button type="button" className={modalButton.secondary} onClick={onClose}>
        {t('common.cancel')}
      </button>
      <button type="submit" form={form} className={modalButton.primary} disabled={busy}>
        {t('common.save')}
      </button>
    </>
  );
}

function TypeDialog({ type, onClose }: { type: AdminDrawType; onClose(): void }) {
  const { t } = useTranslation('adminCatalogue');
  const qc = useQueryClient();
  const [form, setForm] = useState({ label: type.label, hint: type.hint, sort: String(type.sort) });
  const save = useMutation({
    mutationFn: () => callRoute(catalogueEp.drawTypeUpdate, { label: form.label, hint: form.hint, sort: form.sort.trim() === '' ? NaN : Number(form.sort) }, { params: { code: type.code } }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: TYPES_KEY });
      toast.success(t('common.saved', { ns: 'admin' }));
      onClose();
    },
  });
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={t('draw.editType', { name: type.label })} widthClass="md:w-[560px]" footer={<Footer form="type-form" busy={save.isPending} onClose={onClose} />}>
      <form
        id="type-form"
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Field label={t('draw.label')} htmlFor="tf-label">
          <input id="tf-label" className={input} required maxLength={20} value={form.label} onChange={(e) => setForm({ ...form, label: e.target.value })} />
        </Field>
        <Field label={t('draw.hint')} htmlFor="tf-hint">
          <textarea id="tf-hint" className={`${input} min-h-16`} maxLength={300} value={form.hint} onChange={(e) => setForm({ ...form, hint: e.target.value })} />
        </Field>
        <Field label={t('draw.sort')} htmlFor="tf-sort">
          <input id="tf-sort" type="number" step={1} className={input} value={form.sort} onChange={(e) => setForm({ ...form, sort: e.target.value })} />
        </Field>
      </form>
    </Modal>
  );
}

const EMPTY_EXAMPLE = { title: '', prompt: '', type: 'general' as DrawType, kind: 'basic' as DrawKind, imageUrl: '', sort: '0', enabled: true };

function ExampleDialog({ example, typeLabel, onClose }: { example: AdminDrawExample | null; typeLabel(code: string): string; onClose(): void }) {
  const { t } = useTranslation('adminCatalogue');
  const qc = useQueryClient();
  const [form, setForm] = useState(() => (example ? { ...example, type: example.type as DrawType, sort: String(example.sort) } : EMPTY_EXAMPLE));
  const save = useMutation({
    mutationFn: () => {
      const body = { title: form.title, prompt: form.prompt, type: form.type, kind: form.kind, imageUrl: form.imageUrl, enabled: form.enabled, sort: form.sort.trim() === '' ? NaN : Number(form.sort) };
      return example ? callRoute(catalogueEp.drawExampleUpdate, body, { params: { id: example.id } }) : callRoute(catalogueEp.drawExampleCreate, body);
    },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: EXAMPLES_KEY });
      toast.success(t('common.saved', { ns: 'admin' }));
      onClose();
    },
  });
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={example ? t('draw.editExample', { name: example.title }) : t('draw.addExample')}
      widthClass="md:w-[600px]"
      footer={<Footer form="example-form" busy={save.isPending} onClose={onClose} />}
    >
      <form
        id="example-form"
        className="grid gap-3 md:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Field label={t('draw.exampleTitle')} htmlFor="ef-title">
          <input id="ef-title" className={input} required maxLength={20} value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} />
        </Field>
        <Field label={t('draw.sort')} htmlFor="ef-sort">
          <input id="ef-sort" type="number" step={1} className={input} value={form.sort} onChange={(e) => setForm({ ...form, sort: e.target.value })} />
        </Field>
        <Field label={t('draw.kind')} htmlFor="ef-kind">
          <select id="ef-kind" className={input} value={form.kind} onChange={(e) => setForm({ ...form, kind: e.target.value as DrawKind })}>
            {DRAW_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`draw.kinds.${k}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('draw.type')} htmlFor="ef-type">
          <select id="ef-type" className={input} value={form.type} onChange={(e) => setForm({ ...form, type: e.target.value as DrawType })}>
            {DRAW_TYPES.map((k) => (
              <option key={k} value={k}>
                {typeLabel(k)}
              </option>
            ))}
          </select>
        </Field>
        <div className="md:col-span-2">
          <Field label={t('draw.prompt')} htmlFor="ef-prompt">
            <textarea id="ef-prompt" className={`${input} min-h-20`} required maxLength={1000} value={form.prompt} onChange={(e) => setForm({ ...form, prompt: e.target.value })} />
          </Field>
        </div>
        <div className="md:col-span-2">
          <Field label={t('draw.imageUrl')} htmlFor="ef-image" hint={t('draw.imageUrlHint')}>
            <input id="ef-image" className={input} maxLength={500} value={form.imageUrl} onChange={(e) => setForm({ ...form, imageUrl: e.target.value })} />
          </Field>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={form.enabled} onChange={(e) => setForm({ ...form, enabled: e.target.checked })} />
          {t('draw.enabled')}
        </label>
      </form>
    </Modal>
  );
}

/** The drawing page's picture types (label, prompt hint, order, on / off) and example prompts. */
export default function DrawContentPage() {
  const { t } = useTranslation('adminCatalogue');
  const qc = useQueryClient();
  const [type, setType] = useState<AdminDrawType | null>(null);
  const [example, setExample] = useState<AdminDrawExample | 'new' | null>(null);
  const types = useQuery({ queryKey: TYPES_KEY, queryFn: () => callRoute(catalogueEp.drawTypes, undefined) });
  const examples = useQuery({ queryKey: EXAMPLES_KEY, queryFn: () => callRoute(catalogueEp.drawExamples, undefined) });
  const typeOn = useMutation({
    mutationFn: (x: AdminDrawType) => callRoute(catalogueEp.drawTypeUpdate, { enabled: !x.enabled }, { params: { code: x.code } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: TYPES_KEY }),
  });
  const exampleOn = useMutation({
    mutationFn: (x: AdminDrawExample) => callRoute(catalogueEp.drawExampleUpdate, { enabled: !x.enabled }, { params: { id: x.id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: EXAMPLES_KEY }),
  });
  const remove = useMutation({
    mutationFn: (x: AdminDrawExample) => callRoute(catalogueEp.drawExampleDelete, undefined, { params: { id: x.id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: EXAMPLES_KEY }),
  });
  const label = (code: string) => types.data?.rows.find((x) => x.code === code)?.label ?? code;

  const typeColumns: Column<AdminDrawType>[] = [
    { key: 'code', title: t('draw.code'), render: (x) => <code>{x.code}</code> },
    { key: 'label', title: t('draw.label'), render: (x) => x.label },
    { key: 'hint', title: t('draw.hint'), className: 'max-w-md', render: (x) => <span className="text-xs text-neutral-600 dark:text-neutral-400">{x.hint || t('draw.none')}</span> },
    { key: 'sort', title: t('draw.sort'), render: (x) => x.sort },
    { key: 'on', title: t('draw.enabled'), render: (x) => <Toggle id={`type-on-${x.code}`} label={t('draw.enabledLabel', { name: x.label })} checked={x.enabled} onChange={() => typeOn.mutate(x)} /> },
    {
      key: 'edit',
      title: <span className="sr-only">{t('draw.edit')}</span>,
      render: (x) => (
        <button type="button" className={btn.secondary} onClick={() => setType(x)} aria-label={t('draw.editType', { name: x.label })}>
          {t('draw.edit')}
        </button>
      ),
    },
  ];
  const exampleColumns: Column<AdminDrawExample>[] = [
    { key: 'title', title: t('draw.exampleTitle'), render: (x) => x.title },
    { key: 'kind', title: t('draw.kind'), render: (x) => <Badge tone="gray">{t(`draw.kinds.${x.kind}`)}</Badge> },
    { key: 'type', title: t('draw.type'), render: (x) => label(x.type) },
    { key: 'prompt', title: t('draw.prompt'), className: 'max-w-sm', render: (x) => <span className="line-clamp-2 text-xs">{x.prompt}</span> },
    { key: 'picture', title: t('draw.picture'), render: (x) => (x.imageUrl ? <img src={x.imageUrl} alt={x.title} className="h-10 w-10 rounded object-cover" /> : t('draw.none')) },
    { key: 'sort', title: t('draw.sort'), render: (x) => x.sort },
    { key: 'on', title: t('draw.enabled'), render: (x) => <Toggle id={`example-on-${x.id}`} label={t('draw.enabledLabel', { name: x.title })} checked={x.enabled} onChange={() => exampleOn.mutate(x)} /> },
    {
      key: 'actions',
      title: <span className="sr-only">{t('draw.edit')}</span>,
      render: (x) => (
        <div className="flex gap-2">
          <button type="button" className={btn.secondary} onClick={() => setExample(x)} aria-label={t('draw.editExample', { name: x.title })}>
            {t('draw.edit')}
          </button>
          <button type="button" className={btn.danger} disabled={remove.isPending} onClick={() => window.confirm(t('draw.deleteConfirm', { name: x.title })) && remove.mutate(x)}>
            {t('draw.delete')}
          </button>
        </div>
      ),
    },
  ];
  return (
    <>
      <PageTitle>{t('draw.title')}</PageTitle>
      <div className="flex flex-col gap-4">
        <Card title={t('draw.types')}>
          <p className="mb-2 text-xs text-neutral-600 dark:text-neutral-400">{t('draw.typesHint')}</p>
          {types.data && <DataTable caption={t('draw.types')} rows={types.data.rows} columns={typeColumns} rowKey={(x) => x.code} />}
        </Card>
        <Card
          title={t('draw.examples')}
          actions={
            <button type="button" className={btn.primary} onClick={() => setExample('new')}>
              <CirclePlus className="h-4 w-4" aria-hidden />
              {t('draw.addExample')}
            </button>
          }
        >
          <p className="mb-2 text-xs text-neutral-600 dark:text-neutral-400">{t('draw.examplesHint')}</p>
          {examples.data && <DataTable caption={t('draw.examples')} rows={examples.data.rows} columns={exampleColumns} rowKey={(x) => x.id} />}
        </Card>
      </div>
      {type && <TypeDialog type={type} onClose={() => setType(null)} />}
      {example && <ExampleDialog example={example === 'new' ? null : example} typeLabel={label} onClose={() => setExample(null)} />}
    </>
  );
}
