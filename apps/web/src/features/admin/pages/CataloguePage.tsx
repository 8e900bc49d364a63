import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CirclePlus } from 'lucide-react';
import { PACKAGE_GROUPS, type AdminPackage, type PackageGroup } from '@app/shared';
import { FormDialog } from '../components/FormDialog.tsx';
import { callRoute } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { catalogueEp } from '../api-catalogue.ts';
import { Badge, btn, Card, DataTable, Field, input, PageTitle, Toggle, type Column } from '../components/ui.tsx';
import { yuan } from '../format.ts';
import { useTranslation } from '../../../lib/i18n.ts';

const COUNTS = ['model3Count', 'model4Count', 'drawCount', 'pptCount'] as const;
const NUMBERS = ['days', 'level', ...COUNTS, 'chars', 'sort'] as const;
type NumberField = (typeof NUMBERS)[number];
/** The number fields a package of each group has (the others stay 0: the server checks the same rules). */
const GROUP_FIELDS: Record<PackageGroup, readonly NumberField[]> = {
  member: ['days', 'level', ...COUNTS, 'sort'],
  activity: ['days', 'level', ...COUNTS, 'sort'],
  ppt: ['pptCount', 'sort'],
  thesis: ['chars', 'sort'],
};

interface Form {
  group: PackageGroup;
  name: string;
  introduction: string;
  description: string;
  price: string;
  priceY: string;
  discount: string;
  numbers: Record<NumberField, string>;
  enabled: boolean;
}

const blank = (group: PackageGroup): Form => ({
  group,
  name: '',
  introduction: '',
  description: '',
  price: '',
  priceY: '',
  discount: '',
  numbers: { days: group === 'member' || group === 'activity' ? '30' : '0', level: group === 'member' || group === 'activity' ? '1' : '0', model3Count: '0', model4Count: '0', drawCount: '0', pptCount: group === 'ppt' ? '1' : '0', chars: group === 'thesis' ? '10000' : '0', sort: '0' },
  enabled: true,
});
const formOf = (p: AdminPackage): Form => ({
  group: p.group,
  name: p.name,
  introduction: p.introduction,
  description: p.description,
  price: yuan(p.price),
  priceY: yuan(p.priceY),
  discount: p.discount,
  numbers: Object.fromEntries(NUMBERS.map((k) => [k, String(p[k])])) as Record<NumberField, string>,
  enabled: p.enabled,
});

function PackageDialog({ pkg, group, onClose }: { pkg: AdminPackage | null; group: PackageGroup; onClose(): void }) {
  const { t } = useTranslation('adminCatalogue');
  const qc = useQueryClient();
  const [form, setForm] = useState<Form>(() => (pkg ? formOf(pkg) : blank(group)));
  const shown = GROUP_FIELDS[form.group];
  const save = useMutation({
    mutationFn: () => {
      // Fields a group does not have go as 0; a number left empty goes as NaN and is refused by the server with its name.
      const numbers = Object.fromEntries(NUMBERS.map((k) => [k, shown.includes(k) ? (form.numbers[k].trim() === '' ? NaN : Number(form.numbers[k])) : 0])) as Record<NumberField, number>;
      const fields = { name: form.name, introduction: form.introduction, description: form.description, price: form.price, priceY: form.priceY, discount: form.discount, enabled: form.enabled, ...numbers };
      return pkg ? callRoute(catalogueEp.packageUpdate, fields, { params: { id: pkg.id } }) : callRoute(catalogueEp.packageCreate, { ...fields, group: form.group });
    },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['admin', 'catalogue'] });
      toast.success(t('common.saved', { ns: 'admin' }));
      onClose();
    },
  });
  const f = (k: string) => t(`catalogue.fields.${k}`);
  const text = (k: 'name' | 'introduction' | 'discount', max: number) => (
    <Field key={k} label={f(k)} htmlFor={`pf-${k}`}>
      <input id={`pf-${k}`} className={input} maxLength={max} required={k === 'name'} value={form[k]} onChange={(e) => setForm({ ...form, [k]: e.target.value })} />
    </Field>
  );
  const price = (k: 'price' | 'priceY') => (
    <Field key={k} label={f(k)} htmlFor={`pf-${k}`}>
      <input id={`pf-${k}`} className={input} inputMode="decimal" required pattern="\d{1,5}(\.\d{1,2})?" placeholder="0.00" value={form[k]} onChange={(e) => setForm({ ...form, [k]: e.target.value })} />
    </Field>
  );
  return (
    <FormDialog id="package-form" title={pkg ? t('catalogue.edit', { name: pkg.name }) : t('catalogue.add')} widthClass="md:w-[680px]" saving={save.isPending} onClose={onClose} onSubmit={() => save.mutate()}>
      {!pkg && (
        <Field label={f('group')} htmlFor="pf-group">
          <select id="pf-group" className={input} value={form.group} onChange={(e) => setForm({ ...blank(e.target.value as PackageGroup), name: form.name, introduction: form.introduction, description: form.description, price: form.price, priceY: form.priceY })}>
            {PACKAGE_GROUPS.map((g) => (
              <option key={g} value={g}>
                {t(`catalogue.groups.${g}`)}
              </option>
            ))}
          </select>
        </Field>
      )}
      {text('name', 40)}
      {text('introduction', 100)}
      {text('discount', 20)}
      {price('price')}
      {price('priceY')}
      {shown.map((k) => (
        <Field key={k} label={f(k)} htmlFor={`pf-${k}`}>
          <input id={`pf-${k}`} type="number" step={1} className={input} value={form.numbers[k]} onChange={(e) => setForm({ ...form, numbers: { ...form.numbers, [k]: e.target.value } })} />
        </Field>
      ))}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={form.enabled} onChange={(e) => setForm({ ...form, enabled: e.target.checked })} />
        {f('enabled')}
      </label>
      <div className="md:col-span-2">
        <Field label={f('description')} htmlFor="pf-description">
          <textarea id="pf-description" className={`${input} min-h-20`} maxLength={500} value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })} />
        </Field>
      </div>
      {pkg && pkg.orders > 0 && <p className="text-xs text-neutral-600 md:col-span-2 dark:text-neutral-400">{t('catalogue.priceNote')}</p>}
    </FormDialog>
  );
}

/** Every package the user-facing lists show, grouped by list: create, edit, on / off sale, order, delete when never ordered. */
export default function CataloguePage() {
  const { t } = useTranslation('adminCatalogue');
  const qc = useQueryClient();
  const [editing, setEditing] = useState<{ pkg: AdminPackage | null; group: PackageGroup } | null>(null);
  const list = useQuery({ queryKey: ['admin', 'catalogue'], queryFn: () => callRoute(catalogueEp.packages, undefined) });
  const refresh = () => qc.invalidateQueries({ queryKey: ['admin', 'catalogue'] });
  const toggle = useMutation({ mutationFn: (p: AdminPackage) => callRoute(catalogueEp.packageUpdate, { enabled: !p.enabled }, { params: { id: p.id } }), onSuccess: refresh });
  const remove = useMutation({
    mutationFn: (p: AdminPackage) => callRoute(catalogueEp.packageDelete, undefined, { params: { id: p.id } }),
    onSuccess: async () => {
      toast.success(t('catalogue.deleted'));
      await refresh();
    },
  });

  const grants = (p: AdminPackage) => {
    const g = (k: string, n: number) => t(`catalogue.grant.${k}`, { n });
    if (p.group === 'thesis') return g('chars', p.chars);
    const parts = [
      p.days > 0 ? `${g('days', p.days)} · ${g('level', p.level)}` : t('catalogue.grant.forever'),
      p.model3Count > 0 && g('model3', p.model3Count),
      p.model4Count > 0 && g('model4', p.model4Count),
      p.drawCount > 0 && g('draw', p.drawCount),
      p.pptCount > 0 && g('ppt', p.pptCount),
    ];
    return parts.filter(Boolean).join(' · ');
  };
  const columns: Column<AdminPackage>[] = [
    {
      key: 'name',
      title: t('catalogue.fields.name'),
      render: (p) => (
        <div className="min-w-32">
          <p className="font-medium">{p.name}</p>
          {p.introduction && <p className="text-xs text-neutral-600 dark:text-neutral-400">{p.introduction}</p>}
        </div>
      ),
    },
    {
      key: 'price',
      title: t('catalogue.columns.price'),
      render: (p) => (
        <span className="whitespace-nowrap">
          ¥{yuan(p.price)} <span className="text-xs text-neutral-600 line-through dark:text-neutral-400">¥{yuan(p.priceY)}</span>
          {p.discount && (
            <span className="ml-1">
              <Badge tone="indigo">{p.discount}</Badge>
            </span>
          )}
        </span>
      ),
    },
    { key: 'grants', title: t('catalogue.columns.grants'), render: grants },
    { key: 'orders', title: t('catalogue.columns.orders'), render: (p) => p.orders },
    { key: 'sort', title: t('catalogue.columns.sort'), render: (p) => p.sort },
    { key: 'on', title: t('catalogue.fields.enabled'), render: (p) => <Toggle id={`package-on-${p.id}`} label={t('catalogue.enabledLabel', { name: p.name })} checked={p.enabled} onChange={() => toggle.mutate(p)} /> },
    {
      key: 'actions',
      title: <span className="sr-only">{t('catalogue.columns.actions')}</span>,
      render: (p) => (
        <div className="flex gap-2">
          <button type="button" className={btn.secondary} onClick={() => setEditing({ pkg: p, group: p.group })} aria-label={t('catalogue.edit', { name: p.name })}>
            {t('catalogue.editShort')}
          </button>
          {p.orders === 0 ? (
            <button type="button" className={btn.danger} disabled={remove.isPending} onClick={() => window.confirm(t('catalogue.deleteConfirm', { name: p.name })) && remove.mutate(p)}>
              {t('catalogue.delete')}
            </button>
          ) : (
            <span className="self-center text-xs text-neutral-600 dark:text-neutral-400">{t('catalogue.inUse')}</span>
          )}
        </div>
      ),
    },
  ];
  return (
    <>
      <PageTitle
        actions={
          <button type="button" className={btn.primary} onClick={() => setEditing({ pkg: null, group: 'member' })}>
            <CirclePlus className="h-4 w-4" aria-hidden />
            {t('catalogue.add')}
          </button>
        }
      >
        {t('catalogue.title')}
      </PageTitle>
      <div className="flex flex-col gap-4">
        {list.data &&
          PACKAGE_GROUPS.map((g) => (
            <Card
              key={g}
              title={t(`catalogue.groups.${g}`)}
              actions={
                <button type="button" className={btn.secondary} onClick={() => setEditing({ pkg: null, group: g })}>
                  <CirclePlus className="h-4 w-4" aria-hidden />
                  {t('catalogue.add')}
                </button>
              }
            >
              <p className="mb-2 text-xs text-neutral-600 dark:text-neutral-400">{t(`catalogue.groupHints.${g}`)}</p>
              <DataTable caption={t(`catalogue.groups.${g}`)} rows={list.data.rows.filter((p) => p.group === g)} columns={columns} rowKey={(p) => p.id} />
            </Card>
          ))}
      </div>
      {editing && <PackageDialog pkg={editing.pkg} group={editing.group} onClose={() => setEditing(null)} />}
    </>
  );
}
