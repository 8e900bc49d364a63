import { lazy, Suspense, useCallback, useState } from 'react';
import { clsx } from 'clsx';
import type { ThesisOrderIndexReply, ThesisPackage } from '@app/shared';
import { toast } from '../../../lib/toast.ts';
import { useSession } from '../../../lib/session.ts';
import { bindThesisOrder } from '../api.ts';
import { card, secondaryButton } from './styles.ts';
import { useTranslation } from '../../../lib/i18n.ts';

const PayDialog = lazy(() => import('./PayDialog.tsx'));

/** Thesis packages (bought with the ordinary payment flow, also by a guest) and the caller's thesis orders with their state. */
export function OrdersPanel({ data, onChange }: { data: ThesisOrderIndexReply | null; onChange(): void }) {
  const { t } = useTranslation('thesis');
  const token = useSession((s) => s.token);
  const [paying, setPaying] = useState<ThesisPackage | null>(null);
  const onPaid = useCallback(() => {
    toast.success(token ? t('orders.paid') : t('orders.paidGuest'));
    onChange();
  }, [onChange, t, token]);
  if (!data) return null;
  const bind = async (sn: string) => {
    try {
      await bindThesisOrder(sn);
      toast.success(t('orders.bound'));
      onChange();
    } catch {
      // shown by the http client
    }
  };
  return (
    <section className={card} aria-labelledby="thesis-orders">
      <h2 id="thesis-orders" className="text-sm font-semibold">
        {t('orders.heading')}
      </h2>
      <p className="mt-1 text-xs text-neutral-500 dark:text-neutral-400">{t('orders.hint')}</p>
      <ul className="mt-3 flex flex-col gap-2">
        {data.packages.map((p) => (
          <li key={p.id} className="flex items-center gap-2 rounded-lg bg-neutral-50 px-3 py-2 dark:bg-neutral-800/60">
            <div className="min-w-0 flex-1">
              <div className="truncate text-sm font-medium">{p.name}</div>
              <div className="text-xs text-neutral-500 dark:text-neutral-400">{t('orders.chars', { chars: p.chars.toLocaleString() })}</div>
            </div>
            <span className="text-sm font-semibold text-primary-fg">¥{p.price}</span>
            <button type="button" className={`${secondaryButton} h-8`} onClick={() => setPaying(p)}>
              {t('orders.buy')}
            </button>
          </li>
        ))}
      </ul>
      <h3 className="mt-4 text-xs font-medium text-neutral-500 dark:text-neutral-400">{t('orders.mine')}</h3>
      {data.list.length === 0 ? (
        <p className="mt-1 text-xs text-neutral-500 dark:text-neutral-400">{t('orders.none')}</p>
      ) : (
        <ul className="mt-1 flex flex-col gap-1.5" data-testid="thesis-orders">
          {data.list.map((o) => (
            <li key={o.order_sn} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
              <span className="min-w-0 flex-1 truncate font-mono text-neutral-600 dark:text-neutral-300">{o.order_sn}</span>
              <span
                className={clsx(
                  'rounded-full px-2 py-0.5',
                  o.state === 'available' ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300' : 'bg-neutral-100 text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300',
                )}
              >
                {t(`orders.state.${o.state}`)}
              </span>
              {o.state === 'unbound' &&
                (token ? (
                  <button type="button" className="text-primary-fg underline" onClick={() => void bind(o.order_sn)}>
                    {t('orders.bind')}
                  </button>
                ) : (
                  <button type="button" className="text-primary-fg underline" onClick={() => useSession.getState().openLogin({ orderSn: o.order_sn })}>
                    {t('login')}
                  </button>
                ))}
            </li>
          ))}
        </ul>
      )}
      <Suspense fallback={null}>{paying && <PayDialog pkg={paying} onClose={() => setPaying(null)} onPaid={onPaid} />}</Suspense>
    </section>
  );
}
