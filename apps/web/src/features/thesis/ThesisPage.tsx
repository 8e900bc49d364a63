import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from '../../lib/router/index.tsx';
import { clsx } from 'clsx';
import { GraduationCap, Plus } from 'lucide-react';
import type { ThesisSummary } from '@app/shared';
import { SidebarToggle } from '../../components/SidebarToggle.tsx';
import { useSession } from '../../lib/session.ts';
import { createThesis, fetchTheses, fetchThesisOrders, thesisKeys } from './api.ts';
import { BriefForm } from './components/BriefForm.tsx';
import { OrdersPanel } from './components/OrdersPanel.tsx';
import { card, primaryButton } from './components/styles.ts';
import { ThesisView } from './components/ThesisView.tsx';
import { useAbortOutlineOnLeave } from './controller/useThesisView.ts';
import './locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

/** /article: thesis and article writing (SPEC §1). */
export default function ThesisPage() {
  const { t } = useTranslation('thesis');
  const token = useSession((s) => s.token);
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const qc = useQueryClient();
  const list = useQuery({ queryKey: thesisKeys.list(token), queryFn: fetchTheses, enabled: !!token }).data ?? (token ? null : []);
  const orders = useQuery({ queryKey: thesisKeys.orders, queryFn: fetchThesisOrders }).data ?? null;
  const loadOrders = () => void qc.invalidateQueries({ queryKey: thesisKeys.orders });
  const [fresh, setFresh] = useState<number | null>(null);
  const create = useMutation({
    mutationFn: createThesis,
    onSuccess: ({ id: created }) => {
      setFresh(created);
      void qc.invalidateQueries({ queryKey: ['thesis', 'list'] });
      open(created);
    },
  });
  useAbortOutlineOnLeave();

  const open = (next: number | null) => setParams(next ? { id: String(next) } : {}, { replace: false });

  return (
    <div className="flex h-full min-h-0 flex-col bg-neutral-50 dark:bg-neutral-950" data-testid="thesis-page">
      <header className="flex h-12 shrink-0 items-center gap-1 border-b border-neutral-100 bg-white px-2 md:hidden dark:border-neutral-800 dark:bg-neutral-900">
        <SidebarToggle />
        <span className="truncate text-[15px] font-medium">{t('title')}</span>
      </header>
      <div className="flex min-h-0 flex-1">
        {token && (
          <aside className="hidden w-[260px] shrink-0 flex-col border-r border-neutral-200/70 bg-white md:flex dark:border-neutral-800 dark:bg-neutral-900/40">
            <div className="p-3">
              <button type="button" className={`${primaryButton} w-full`} onClick={() => open(null)}>
                <Plus className="size-4" aria-hidden />
                {t('new')}
              </button>
            </div>
            <h2 className="px-4 pb-1 text-xs font-medium text-neutral-500 dark:text-neutral-400">{t('mine')}</h2>
            <ThesisList list={list} current={id} onOpen={open} />
          </aside>
        )}
        <main className="min-w-0 flex-1 overflow-y-auto">
          <div className="mx-auto flex max-w-4xl flex-col gap-4 px-4 pt-4 pb-[calc(env(safe-area-inset-bottom)+88px)] md:px-8 md:pt-8 md:pb-12">
            {!id && (
              <div>
                <h1 className="text-xl font-semibold tracking-tight">{t('title')}</h1>
                <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">{t('subtitle')}</p>
              </div>
            )}
            {!token ? (
              <>
                <section className={`${card} flex flex-col items-center gap-3 py-8 text-center`}>
                  <GraduationCap className="size-10 text-primary-fg" strokeWidth={1.5} aria-hidden />
                  <p className="max-w-sm text-sm text-neutral-600 dark:text-neutral-300">{t('guest')}</p>
                  <button type="button" className={primaryButton} onClick={() => useSession.getState().openLogin()}>
                    {t('login')}
                  </button>
                </section>
                <OrdersPanel data={orders} onChange={loadOrders} />
              </>
            ) : id ? (
              <ThesisView key={id} id={id} autoOutline={fresh === id} orders={orders?.list ?? []} onBack={() => open(null)} />
            ) : (
              <>
                {list && list.length > 0 && (
                  <section className={clsx(card, 'md:hidden')}>
                    <h2 className="mb-1 text-sm font-semibold">{t('mine')}</h2>
                    <ThesisList list={list} current={id} onOpen={open} />
                  </section>
                )}
                <div className="grid gap-4 lg:grid-cols-[1fr_320px]">
                  <section className={card}>
                    <BriefForm
                      busy={create.isPending}
                      onSubmit={(body) => create.mutate(body)}
                    />
                  </section>
                  <OrdersPanel data={orders} onChange={loadOrders} />
                </div>
              </>
            )}
          </div>
        </main>
      </div>
    </div>
  );
}

function ThesisList({ list, current, onOpen }: { list: ThesisSummary[] | null; current: number | null; onOpen(id: number): void }) {
  const { t } = useTranslation('thesis');
  if (list && list.length === 0) return <p className="px-4 py-2 text-xs text-neutral-500 dark:text-neutral-400">{t('empty')}</p>;
  return (
    <ul className="flex min-h-0 flex-col gap-0.5 overflow-y-auto px-2 pb-3">
      {(list ?? []).map((th) => (
        <li key={th.id}>
          <button
            type="button"
            onClick={() => onOpen(th.id)}
            aria-current={th.id === current ? 'page' : undefined}
            className={clsx(
              'flex w-full flex-col items-start rounded-lg px-3 py-2 text-left transition-colors',
              th.id === current ? 'bg-primary-soft text-primary-fg' : 'hover:bg-neutral-100 dark:hover:bg-neutral-800',
            )}
          >
            <span className="w-full truncate text-sm font-medium">{th.title}</span>
            <span className={clsx('text-xs', th.id === current ? 'text-primary-fg' : 'text-neutral-500 dark:text-neutral-400')}>
              {th.kind} · {t(`status.${th.status}`, { defaultValue: th.status })}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

