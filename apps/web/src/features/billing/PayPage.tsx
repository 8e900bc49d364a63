import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { useSession } from '../../lib/session.ts';
import { MembershipSummary } from './components/MembershipSummary.tsx';
import { OrderList, ORDERS_KEY } from './components/OrderList.tsx';
import { PackageGrid } from './components/PackageGrid.tsx';
import { usePackages } from './hooks/usePackages.ts';
import './locales.ts';
import { useBilling } from './store.ts';
import { useTranslation } from '../../lib/i18n.ts';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-[15px] font-semibold text-neutral-900 dark:text-neutral-100">{title}</h2>
      {children}
    </section>
  );
}

/** /pay, the membership centre: my membership and credits, the packages, my orders. */
export default function PayPage() {
  const { t } = useTranslation('billing');
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.userInfo);
  const balance = useSession((s) => s.balance);
  const { packages, loading } = usePackages();
  const buy = useBilling((s) => s.buy);
  const queryClient = useQueryClient();

  // Fresh credits and orders each time the page opens, and whenever the user info changes (a payment).
  useEffect(() => {
    if (token) useSession.getState().loadUser().catch(() => undefined);
  }, [token]);
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
  }, [user, queryClient]);

  return (
    <div className="h-full overflow-y-auto bg-neutral-50 dark:bg-neutral-950">
      <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 pt-6 pb-[calc(env(safe-area-inset-bottom)+88px)] sm:px-6 md:pt-10 md:pb-12">
        <h1 className="text-xl font-semibold text-neutral-900 md:text-2xl dark:text-neutral-50">{t('centre.title')}</h1>
        <MembershipSummary user={user} balance={balance} />
        <Section title={t('centre.plans')}>
          <PackageGrid packages={packages} loading={loading} onBuy={(p) => buy(p.id)} />
        </Section>
        <Section title={t('centre.orders')}>
          <div className="rounded-2xl border border-neutral-200/70 bg-white px-4 py-2 dark:border-neutral-800 dark:bg-neutral-900">
            {token ? <OrderList key={token} /> : <p className="py-6 text-center text-sm text-neutral-500 dark:text-neutral-400">{t('centre.ordersGuest')}</p>}
          </div>
        </Section>
        <section className="flex gap-2 rounded-2xl bg-white px-4 py-3.5 text-xs leading-5 text-neutral-500 ring-1 ring-neutral-200/70 ring-inset dark:bg-neutral-900 dark:text-neutral-400 dark:ring-neutral-800">
          <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          <div>
            <p className="font-medium text-neutral-700 dark:text-neutral-300">{t('centre.notes')}</p>
            <p>{t('centre.note1')}</p>
            <p>{t('centre.note2')}</p>
            <p>{t('noRefund')}</p>
          </div>
        </section>
      </div>
    </div>
  );
}
