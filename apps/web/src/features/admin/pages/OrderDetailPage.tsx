import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Undo2 } from 'lucide-react';
import { Link } from '../../../lib/router/index.tsx';
import { Modal, modalButton } from '../../../components/Modal.tsx';
import { callRoute } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { ep } from '../api.ts';
import { btn, Card, Field, input, PageTitle } from '../components/ui.tsx';
import { fmtTime, yuan } from '../format.ts';
import { OrderStatus } from './OrdersPage.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

type Act = 'fulfil' | 'refund';

export default function OrderDetailPage({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const [act, setAct] = useState<Act | null>(null);
  const [reason, setReason] = useState('');
  const detail = useQuery({ queryKey: ['admin', 'order', orderNo], queryFn: () => callRoute(ep.orderDetail, undefined, { params: { orderNo } }) });
  const run = useMutation({
    mutationFn: () => callRoute(act === 'fulfil' ? ep.orderFulfil : ep.orderRefund, { reason }, { params: { orderNo } }),
    onSuccess: async (data) => {
      qc.setQueryData(['admin', 'order', orderNo], data);
      await qc.invalidateQueries({ queryKey: ['admin', 'orders'] });
      toast.success(t('detail.done'));
      setAct(null);
      setReason('');
    },
  });

  const back = (
    <Link to="/admin/orders" className="inline-flex items-center gap-1 text-sm text-primary-fg hover:underline">
      <Undo2 className="h-4 w-4" aria-hidden />
      {t('orders.back')}
    </Link>
  );
  if (!detail.data) return back;
  const { order: o, notifications } = detail.data;
  const rows: [string, React.ReactNode][] = [
    [t('orders.user'), o.userId ? <Link className="text-primary-fg hover:underline" to={`/admin/users/${o.userId}`}>{o.userId}</Link> : '—'],
    [t('orders.package'), o.packageName],
    [t('orders.amount'), yuan(o.amount)],
    [t('orders.provider'), `${o.provider} · ${t(`orders.channels.${o.channel}`, { defaultValue: o.channel })}`],
    [t('orders.status'), <OrderStatus key="s" o={o} />],
    [t('orders.tradeNo'), o.gatewayTradeNo ?? '—'],
    [t('orders.createdAt'), fmtTime(o.createdAt)],
    [t('orders.paidAt'), fmtTime(o.paidAt)],
    [t('orders.refund'), o.refundReason ?? '—'],
  ];

  return (
    <div className="flex flex-col gap-4">
      {back}
      <PageTitle
        actions={
          <div className="flex flex-wrap gap-2">
            {o.status !== 1 && <button type="button" className={btn.primary} onClick={() => setAct('fulfil')}>{t('orders.fulfil')}</button>}
            {o.status === 1 && o.refundStatus !== 2 && <button type="button" className={btn.danger} onClick={() => setAct('refund')}>{t('orders.recordRefund')}</button>}
          </div>
        }
      >
        <span className="break-all">{o.orderNo}</span>
      </PageTitle>
      <Card>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          {rows.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-neutral-600 dark:text-neutral-400">{k}</dt>
              <dd className="min-w-0 break-all">{v}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card title={t('orders.notifications')}>
        {notifications.length ? (
          <ol className="flex flex-col gap-3">
            {notifications.map((n) => (
              <li key={n.id} className="rounded-lg border border-neutral-200 p-3 text-sm dark:border-neutral-800">
                <p className="mb-1 flex flex-wrap gap-x-4 gap-y-1">
                  <span>{fmtTime(n.createdAt)}</span>
                  <span>{n.provider}</span>
                  <span>{t('orders.outcome')}：<strong>{n.outcome}</strong></span>
                  {n.detail && <span>{t('orders.detail')}：{n.detail}</span>}
                </p>
                <details>
                  <summary className="cursor-pointer text-primary-fg">{t('orders.raw')}</summary>
                  <pre className="mt-1 max-h-60 overflow-auto whitespace-pre-wrap break-all rounded bg-neutral-100 p-2 text-xs dark:bg-neutral-800">{n.raw}</pre>
                </details>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('common.empty')}</p>
        )}
      </Card>
      {act && (
        <Modal
          open
          onOpenChange={(v) => !v && setAct(null)}
          title={act === 'fulfil' ? t('orders.fulfil') : t('orders.recordRefund')}
          description={act === 'fulfil' ? t('orders.fulfilHint') : t('orders.refundHint')}
          footer={
            <>
              <button type="button" className={modalButton.secondary} onClick={() => setAct(null)}>{t('common.cancel')}</button>
              <button type="submit" form="order-action" className={act === 'refund' ? modalButton.danger : modalButton.primary} disabled={run.isPending}>{t('common.confirm')}</button>
            </>
          }
        >
          <form
            id="order-action"
            onSubmit={(e) => {
              e.preventDefault();
              run.mutate();
            }}
          >
            <Field label={t('common.reason')} htmlFor="order-reason" hint={t('common.reasonHint')}>
              <input id="order-reason" className={input} required maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
            </Field>
          </form>
        </Modal>
      )}
    </div>
  );
}
