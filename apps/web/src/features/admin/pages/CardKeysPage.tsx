import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api.ts';
import { apiUrl } from '../../../lib/api-base.ts';
import { ApiError, commonHeaders } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { ep } from '../api.ts';
import { CardRedemptionsDialog } from '../components/CardRedemptionsDialog.tsx';
import { Badge, btn, Card, DataTable, Field, input, PageTitle, type Column } from '../components/ui.tsx';
import { fmtTime, fromLocalInput } from '../format.ts';
import { useTranslation } from '../../../lib/i18n.ts';

type Batch = Awaited<ReturnType<typeof fetchBatches>>['rows'][number];
const fetchBatches = () => callRoute(ep.cardBatches, undefined);

const EMPTY = { name: '', quantity: '10', days: '0', model3: '0', model4: '0', draw: '0', ppt: '0', expiresAt: '' };
const GRANTS = ['days', 'model3', 'model4', 'draw', 'ppt'] as const;

/** Downloads a batch's CSV (the token goes in a header, so not a plain link). */
async function downloadCsv(id: number) {
  const headers = commonHeaders();
  delete headers['Content-Type'];
  const res = await fetch(apiUrl(`/api/admin/card-keys/batches/${id}/csv`), { headers, cache: 'no-store' });
  if (!res.ok) throw new ApiError(res.status, `HTTP ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `card-keys-${id}.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Card-key batches: make one (credits, membership days), export it as CSV, void what is left of it. */
export default function CardKeysPage() {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const [form, setForm] = useState(EMPTY);
  const [made, setMade] = useState<string[] | null>(null);
  const [viewing, setViewing] = useState<Batch | null>(null);
  const batches = useQuery({ queryKey: ['admin', 'card-keys'], queryFn: fetchBatches });
  const create = useMutation({
    mutationFn: () =>
      callRoute(ep.cardBatchCreate, {
        name: form.name,
        quantity: Number(form.quantity),
        ...Object.fromEntries(GRANTS.map((k) => [k, Number(form[k])])),
        expiresAt: form.expiresAt ? fromLocalInput(form.expiresAt) : undefined,
      }),
    onSuccess: async (r) => {
      setMade(r.codes);
      setForm(EMPTY);
      toast.success(t('cards.created', { count: r.codes.length }));
      await qc.invalidateQueries({ queryKey: ['admin', 'card-keys'] });
    },
  });
  const voidBatch = useMutation({
    mutationFn: (id: number) => callRoute(ep.cardBatchVoid, undefined, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', 'card-keys'] }),
  });
  const grantText = (b: Batch) =>
    GRANTS.filter((k) => b.grant[k] > 0)
      .map((k) => `${t(`cards.${k}`)} ${b.grant[k]}`)
      .join(' · ');

  const columns: Column<Batch>[] = [
    { key: 'name', title: t('cards.name'), render: (b) => b.name },
    { key: 'grant', title: t('cards.grant'), render: (b) => grantText(b) },
    { key: 'used', title: t('cards.redeemed'), render: (b) => `${b.redeemed} / ${b.quantity}` },
    { key: 'state', title: t('cards.state'), render: (b) => (b.voided ? <Badge tone="red">{t('cards.voided')}</Badge> : <Badge tone="green">{t('cards.active')}</Badge>) },
    { key: 'expires', title: t('cards.expiresAt'), render: (b) => fmtTime(b.expiresAt) },
    { key: 'created', title: t('cards.createdAt'), render: (b) => fmtTime(b.createdAt) },
    {
      key: 'actions',
      title: t('cards.actions'),
      render: (b) => (
        <div className="flex gap-2">
          <button type="button" className={btn.secondary} onClick={() => setViewing(b)}>
            {t('cards.redemptions', { ns: 'adminCatalogue' })}
          </button>
          <button type="button" className={btn.secondary} onClick={() => void downloadCsv(b.id).catch(() => toast.error(t('guard.failed')))}>
            {t('cards.csv')}
          </button>
          {!b.voided && (
            <button type="button" className={btn.danger} disabled={voidBatch.isPending} onClick={() => window.confirm(t('cards.voidConfirm', { name: b.name })) && voidBatch.mutate(b.id)}>
              {t('cards.void')}
            </button>
          )}
        </div>
      ),
    },
  ];
  const set = (k: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [k]: e.target.value }));

  return (
    <>
      <PageTitle>{t('nav.cards')}</PageTitle>
      <div className="flex flex-col gap-4">
        <Card title={t('cards.new')}>
          <form
            className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
            onSubmit={(e) => {
              e.preventDefault();
              create.mutate();
            }}
          >
            <Field label={t('cards.name')} htmlFor="card-name">
              <input id="card-name" className={input} value={form.name} onChange={set('name')} maxLength={60} required />
            </Field>
            <Field label={t('cards.quantity')} htmlFor="card-quantity">
              <input id="card-quantity" type="number" min={1} max={5000} className={input} value={form.quantity} onChange={set('quantity')} required />
            </Field>
            {GRANTS.map((k) => (
              <Field key={k} label={t(`cards.${k}`)} htmlFor={`card-${k}`}>
                <input id={`card-${k}`} type="number" min={0} className={input} value={form[k]} onChange={set(k)} />
              </Field>
            ))}
            <Field label={t('cards.expiresAt')} htmlFor="card-expires" hint={t('cards.expiresHint')}>
              <input id="card-expires" type="datetime-local" className={input} value={form.expiresAt} onChange={set('expiresAt')} />
            </Field>
            <div className="flex items-end">
              <button type="submit" className={btn.primary} disabled={create.isPending}>
                {t('cards.generate')}
              </button>
            </div>
          </form>
          {made && (
            <div className="mt-4">
              <label htmlFor="card-made" className="text-sm font-medium">
                {t('cards.madeCodes', { count: made.length })}
              </label>
              <textarea id="card-made" readOnly rows={Math.min(8, made.length)} className={`${input} mt-1 font-mono`} value={made.join('\n')} />
            </div>
          )}
        </Card>
        <Card title={t('cards.batches')}>{batches.data && <DataTable rows={batches.data.rows} columns={columns} rowKey={(b) => b.id} caption={t('cards.batches')} />}</Card>
      </div>
      {viewing && <CardRedemptionsDialog batch={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
