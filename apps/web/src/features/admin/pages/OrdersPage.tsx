import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from '../../../lib/router/index.tsx';
import type { AdminOrderRow } from '@app/shared';
import { callRoute } from '../../../lib/api.ts';
import { ep } from '../api.ts';
import { Badge, btn, Card, DataTable, Field, input, PageTitle, Pager, type Column } from '../components/ui.tsx';
import { fmtTime, yuan } from '../format.ts';
import { useTranslation } from '../../../lib/i18n.ts';

const SIZE = 20;
const FILTERS = ['status', 'channel', 'q', 'from', 'to'] as const;

export function OrderStatus({ o }: { o: Pick<AdminOrderRow, 'status' | 'refundStatus'> }) {
  const { t } = useTranslation('admin');
  const tone = o.status === 1 ? 'green' : o.status === 2 ? 'gray' : 'indigo';
  return (
    <span className="flex flex-wrap gap-1">
      <Badge tone={tone}>{t(`detail.orderState.${o.status}`, { defaultValue: String(o.status) })}</Badge>
      {o.refundStatus > 0 && <Badge tone="red">{t(`orders.refundState.${o.refundStatus}`)}</Badge>}
    </span>
  );
}

export default function OrdersPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const current = Object.fromEntries(FILTERS.map((k) => [k, params.get(k) ?? ''])) as Record<(typeof FILTERS)[number], string>;
  const [form, setForm] = useState(current);
  const list = useQuery({
    queryKey: ['admin', 'orders', current, page],
    queryFn: () =>
      callRoute(ep.orders, {
        page,
        size: SIZE,
        status: current.status === '' ? undefined : Number(current.status),
        channel: (current.channel || undefined) as 'wxpay' | 'alipay' | undefined,
        q: current.q || undefined,
        from: current.from || undefined,
        to: current.to || undefined,
      }),
    placeholderData: keepPreviousData,
  });
  const apply = (next: Record<string, string>, p = 1) => setParams({ ...Object.fromEntries(Object.entries(next).filter(([, v]) => v)), ...(p > 1 ? { page: String(p) } : {}) });

  const columns: Column<AdminOrderRow>[] = [
    { key: 'no', title: t('orders.orderNo'), render: (o) => <Link className="break-all font-medium text-primary-fg hover:underline" to={`/admin/orders/${o.orderNo}`}>{o.orderNo}</Link> },
    { key: 'user', title: t('orders.user'), render: (o) => (o.userId ? <Link className="text-primary-fg hover:underline" to={`/admin/users/${o.userId}`}>{o.userId}</Link> : '—') },
    { key: 'pkg', title: t('orders.package'), render: (o) => o.packageName },
    { key: 'amount', title: t('orders.amount'), render: (o) => yuan(o.amount) },
    { key: 'channel', title: t('orders.channel'), render: (o) => `${o.provider} · ${t(`orders.channels.${o.channel}`, { defaultValue: o.channel })}` },
    { key: 'status', title: t('orders.status'), render: (o) => <OrderStatus o={o} /> },
    { key: 'created', title: t('orders.createdAt'), render: (o) => fmtTime(o.createdAt) },
  ];

  return (
    <>
      <PageTitle>{t('orders.title')}</PageTitle>
      <Card>
        <form
          className="mb-4 grid grid-cols-2 items-end gap-3 md:grid-cols-6"
          onSubmit={(e) => {
            e.preventDefault();
            apply(form);
          }}
        >
          <Field label={t('orders.status')} htmlFor="of-status">
            <select id="of-status" className={input} value={form.status} onChange={(e) => setForm({ ...form, status: e.target.value })}>
              <option value="">{t('orders.any')}</option>
              {['0', '1', '2'].map((s) => <option key={s} value={s}>{t(`detail.orderState.${s}`)}</option>)}
            </select>
          </Field>
          <Field label={t('orders.channel')} htmlFor="of-channel">
            <select id="of-channel" className={input} value={form.channel} onChange={(e) => setForm({ ...form, channel: e.target.value })}>
              <option value="">{t('orders.any')}</option>
              <option value="wxpay">{t('orders.channels.wxpay')}</option>
              <option value="alipay">{t('orders.channels.alipay')}</option>
            </select>
          </Field>
          <Field label={t('orders.search')} htmlFor="of-q">
            <input id="of-q" className={input} maxLength={64} value={form.q} onChange={(e) => setForm({ ...form, q: e.target.value })} />
          </Field>
          <Field label={t('orders.from')} htmlFor="of-from">
            <input id="of-from" type="date" className={input} value={form.from} onChange={(e) => setForm({ ...form, from: e.target.value })} />
          </Field>
          <Field label={t('orders.to')} htmlFor="of-to">
            <input id="of-to" type="date" className={input} value={form.to} onChange={(e) => setForm({ ...form, to: e.target.value })} />
          </Field>
          <button type="submit" className={btn.primary}>{t('orders.filter')}</button>
        </form>
        {list.data && (
          <>
            <DataTable caption={t('orders.title')} rows={list.data.rows} columns={columns} rowKey={(o) => o.orderNo} />
            <Pager page={page} size={SIZE} total={list.data.total} onPage={(p) => apply(current, p)} />
          </>
        )}
      </Card>
    </>
  );
}
