import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CirclePlus } from 'lucide-react';
import type { AdminDocumentAction } from '@app/shared';
import { FormDialog } from '../components/FormDialog.tsx';
import { callRoute } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { contentEp } from '../api-content.ts';
import { Badge, btn, Card, DataTable, Field, input, PageTitle, Toggle, type Column } from '../components/ui.tsx';
import '../locales-content.ts';
import { useTranslation } from '../../../lib/i18n.ts';

const KEY = ['admin', 'content', 'docActions'] as const;
const EMPTY: AdminDocumentAction = { value: '', label: '', reads: 'whole', needsQuestion: false, instruction: '', sort: 0, enabled: true };

function ActionDialog({ action, onClose }: { action: AdminDocumentAction | null; onClose(): void }) {
  const { t } = useTranslation('adminContent');
  const { t: ta } = useTranslation('admin');
  const qc = useQueryClient();
  const [form, setForm] = useState<AdminDocumentAction>(action ?? EMPTY);
  const save = useMutation({
    mutationFn: () => {
      const { value, ...fields } = form;
      return action ? callRoute(contentEp.docActionUpdate, fields, { params: { value } }) : callRoute(contentEp.docActionCreate, form);
    },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: KEY });
      toast.success(ta('common.saved'));
      onClose();
    },
  });
  return (
    <FormDialog id="action-form" title={action ? t('actions.edit', { name: action.label }) : t('actions.add')} widthClass="md:w-[640px]" saving={save.isPending} onClose={onClose} onSubmit={() => save.mutate()}>
      {!action && (
        <Field label={t('actions.value')} htmlFor="da-value">
          <input id="da-value" className={input} required maxLength={32} pattern="[a-z][a-z0-9_]{1,31}" value={form.value} onChange={(e) => setForm({ ...form, value: e.target.value })} />
        </Field>
      )}
      <Field label={t('actions.label')} htmlFor="da-label">
        <input id="da-label" className={input} required maxLength={20} value={form.label} onChange={(e) => setForm({ ...form, label: e.target.value })} />
      </Field>
      <Field label={t('actions.reads')} htmlFor="da-reads">
        <select id="da-reads" className={input} value={form.reads} onChange={(e) => setForm({ ...form, reads: e.target.value as AdminDocumentAction['reads'] })}>
          <option value="whole">{t('actions.readsWhole')}</option>
          <option value="search">{t('actions.readsSearch')}</option>
        </select>
      </Field>
      <Field label={t('actions.sort')} htmlFor="da-sort">
        <input id="da-sort" type="number" step={1} className={input} value={String(form.sort)} onChange={(e) => setForm({ ...form, sort: Number(e.target.value) })} />
      </Field>
      <div className="md:col-span-2">
        <Field label={t('actions.instruction')} htmlFor="da-instruction">
          <textarea id="da-instruction" className={`${input} min-h-28`} required maxLength={2000} value={form.instruction} onChange={(e) => setForm({ ...form, instruction: e.target.value })} />
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={form.needsQuestion} onChange={(e) => setForm({ ...form, needsQuestion: e.target.checked })} />
        {t('actions.needsQuestion')}
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={form.enabled} onChange={(e) => setForm({ ...form, enabled: e.target.checked })} />
        {t('actions.enabled')}
      </label>
    </FormDialog>
  );
}

/** /admin/document-actions: the document chat's quick actions, served to users from the table. */
export default function ContentDocActionsPage() {
  const { t } = useTranslation('adminContent');
  const qc = useQueryClient();
  const [editing, setEditing] = useState<AdminDocumentAction | 'new' | null>(null);
  const list = useQuery({ queryKey: KEY, queryFn: () => callRoute(contentEp.docActions, undefined) });
  const toggle = useMutation({
    mutationFn: (a: AdminDocumentAction) => callRoute(contentEp.docActionUpdate, { enabled: !a.enabled }, { params: { value: a.value } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
  const columns: Column<AdminDocumentAction>[] = [
    { key: 'label', title: t('actions.label'), render: (a) => <span className="font-medium">{a.label}</span> },
    { key: 'value', title: t('actions.value'), render: (a) => <code>{a.value}</code> },
    { key: 'reads', title: t('actions.reads'), render: (a) => <Badge tone={a.reads === 'search' ? 'indigo' : 'gray'}>{a.reads === 'search' ? t('actions.readsSearch') : t('actions.readsWhole')}</Badge> },
    { key: 'instruction', title: t('actions.instruction'), className: 'max-w-96 truncate', render: (a) => <span title={a.instruction}>{a.instruction}</span> },
    { key: 'sort', title: t('actions.sort'), render: (a) => a.sort },
    { key: 'on', title: t('actions.enabled'), render: (a) => <Toggle id={`action-on-${a.value}`} label={t('actions.enabledLabel', { name: a.label })} checked={a.enabled} onChange={() => toggle.mutate(a)} /> },
    {
      key: 'edit',
      title: <span className="sr-only">{t('apps.editShort')}</span>,
      render: (a) => (
        <button type="button" className={btn.secondary} aria-label={t('actions.edit', { name: a.label })} onClick={() => setEditing(a)}>
          {t('apps.editShort')}
        </button>
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-4">
      <PageTitle
        actions={
          <button type="button" className={btn.primary} onClick={() => setEditing('new')}>
            <CirclePlus className="h-4 w-4" aria-hidden />
            {t('actions.add')}
          </button>
        }
      >
        {t('actions.title')}
      </PageTitle>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('actions.hint')}</p>
      <Card>{list.data && <DataTable caption={t('actions.title')} rows={list.data.rows} columns={columns} rowKey={(a) => a.value} />}</Card>
      {editing && <ActionDialog action={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
