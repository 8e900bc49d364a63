import { useInfiniteQuery } from '@tanstack/react-query';
import { ReceiptText } from 'lucide-react';
import clsx from 'clsx';
import type { OrderListItem } from '@app/shared';
import { billingApi } from '../api.ts';
import { formatTime } from '../format.ts';
import { ChannelMark } from '../../../components/pay/ChannelPicker.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

const PAGE_SIZE = 10;
export const ORDERS_KEY = ['billing', 'orders'] as const;

const STATUS_TONE: Record<OrderListItem['status'], string> = {
  0: 'bg-amber-50 text-amber-700 dark:bg-amber-400/10 dark:text-amber-300',
  1: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-400/10 dark:text-emerald-300',
  2: 'bg-neutral-100 text-neutral-500 dark:bg-neutral-800 dark:text-neutral-400',
};

/** /pay: my orders, newest first, a page at a time. */
export function OrderList() {
  const { t } = useTranslation('billing');
  const query = useInfiniteQuery({
    queryKey: ORDERS_KEY,
    queryFn: ({ pageParam }) => billingApi.orders(pageParam, PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page * last.meta.size < last.meta.total ? last.meta.page + 1 : undefined),
  });
  const orders = query.data?.pages.flatMap((p) => p.list) ?? [];

  if (query.isPending) {
    return (
      <div className="flex flex-col gap-2" aria-hidden>
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="h-16 animate-pulse rounded-xl bg-neutral-100 dark:bg-neutral-800" />
        ))}
      </div>
    );
  }
  if (query.isError && !orders.length) {
    return (
      <button type="button" onClick={() => void query.refetch()} className="w-full py-6 text-center text-sm text-neutral-500 hover:text-neutral-700">
        {t('centre.loadFailed')}
      </button>
    );
  }
  if (!orders.length) {
    return (
      <div className="flex flex-col items-center gap-2 py-8 text-center">
        <ReceiptText className="size-8 text-neutral-300 dark:text-neutral-600" strokeWidth={1.5} aria-hidden />
        <p className="text-sm text-neutral-500 dark:text-neutral-400">{t('centre.ordersEmpty')}</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col">
      <ul className="divide-y divide-neutral-100 dark:divide-neutral-800" aria-label={t('centre.orders')}>
        {orders.map((o) => (
          <li key={o.order_sn} className="flex items-center gap-3 py-3" data-testid="order-row">
            <ChannelMark channel={o.channel} className="size-8 rounded-lg text-sm" />
            <div className="min-w-0 flex-1">
              <p className="flex items-center gap-2">
                <span className="truncate text-sm font-medium text-neutral-900 dark:text-neutral-100">{o.package_name}</span>
                <span className={clsx('shrink-0 rounded-full px-2 py-px text-[11px] font-medium', STATUS_TONE[o.status])}>{t(`centre.status.${o.status}`)}</span>
              </p>
              <p className="mt-0.5 truncate text-xs text-neutral-400 tabular-nums dark:text-neutral-500">
                {formatTime(o.paid_at ?? o.created_at)} · {t('centre.orderNo')} {o.order_sn}
              </p>
            </div>
            <span className="shrink-0 text-sm font-semibold text-neutral-900 tabular-nums dark:text-neutral-100">¥{o.amount}</span>
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <button
          type="button"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
          className="mt-2 h-9 rounded-lg text-sm text-neutral-500 transition-colors hover:bg-neutral-50 hover:text-neutral-800 disabled:opacity-60 dark:hover:bg-neutral-800 dark:hover:text-neutral-200"
        >
          {query.isFetchingNextPage ? t('centre.loading') : t('centre.loadMore')}
        </button>
      )}
    </div>
  );
}
