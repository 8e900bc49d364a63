import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { CircleAlert, LayoutGrid, LogIn, Plus, SearchX, Star } from 'lucide-react';
import { useSearchParams } from '../../../lib/router/index.tsx';
import { clsx } from 'clsx';
import type { AppCard as Card, AppKind } from '@app/shared';
import { SidebarToggle } from '../../../components/SidebarToggle.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSession } from '../../../lib/session.ts';
import { useCategories, useDeleteMineApp, useMineApps, useStore, useToggleCollect } from '../api.ts';
import { AppCard } from './AppCard.tsx';
import { CategoryTabs, panelId, tabId, type TabItem } from './CategoryTabs.tsx';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';
import { emptyButton, EmptyState } from './EmptyState.tsx';
import { SearchBox } from './SearchBox.tsx';
import { StoreSkeleton } from './StoreSkeleton.tsx';
import { matchesKeyword, withParam } from '../logic/filter.ts';
import '../locales.ts';
import { useTranslation } from '../../../lib/i18n.ts';

export interface StoreViewProps {
  /** desktop: a page with a card grid; mobile: a sticky search bar over a single column. */
  variant: 'desktop' | 'mobile';
  /** Only this kind (the experts page); every kind when absent. */
  kind?: AppKind;
  title: string;
  subtitle?: string;
  /** Offer "create my app" (custom apps are templates). */
  allowCreate: boolean;
  /** Prefix of element ids (tabs, panel). */
  idPrefix: string;
}

const SEARCH_DEBOUNCE_MS = 300;

/** Loaded on first use: most visits never create an app. */
const CreateAppDialog = lazy(() => import('./CreateAppDialog.tsx').then((m) => ({ default: m.CreateAppDialog })));

/** The app store, the mobile app square and the experts page: tabs, search, cards, my apps. */
export function StoreView({ variant, kind, title, subtitle, allowCreate, idPrefix }: StoreViewProps) {
  const { t } = useTranslation('apps');
  const mobile = variant === 'mobile';
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') ?? 'all';
  const keyword = (params.get('q') ?? '').trim();
  const [text, setText] = useState(params.get('q') ?? '');
  const token = useSession((s) => s.token);
  const openLogin = useSession((s) => s.openLogin);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Card | null>(null);
  const scroller = useRef<HTMLDivElement>(null);

  const categories = useCategories(kind);
  // A tab from an old link whose category is gone shows everything.
  const known = requested === 'all' || requested === 'mine' || !categories.data || categories.data.some((c) => c.count > 0 && String(c.id) === requested);
  const tab = known ? requested : 'all';
  const isMine = tab === 'mine';
  const category = !isMine && tab !== 'all' && /^\d+$/.test(tab) ? Number(tab) : undefined;
  const store = useStore({ kind, category, keyword }, !isMine);
  const mine = useMineApps(isMine);
  const toggle = useToggleCollect();
  const remove = useDeleteMineApp();

  const setParam = (name: 'tab' | 'q', value: string) => setParams((p) => withParam(p, name, value), { replace: true });

  // The field answers at once; the search follows when typing pauses.
  useEffect(() => {
    const q = text.trim();
    if (q === keyword) return;
    const timer = setTimeout(() => setParams((p) => withParam(p, 'q', q), { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, keyword, setParams]);

  const clearSearch = () => {
    setText('');
    setParam('q', '');
  };
  const selectTab = (value: string) => {
    setParam('tab', value);
    scroller.current?.scrollTo({ top: 0 });
  };

  const tabs: TabItem[] = useMemo(() => {
    const list = (categories.data ?? []).filter((c) => c.count > 0);
    return [
      { value: 'all', label: t('tabs.all') },
      { value: 'mine', label: t('tabs.mine') },
      ...list.map((c) => ({ value: String(c.id), label: c.name })),
    ];
  }, [categories.data, t]);

  const onToggle = (app: Card) => {
    if (!token) return openLogin();
    toggle.mutate(app, { onSuccess: (r) => toast.success(t(r.collected ? 'toast.collected' : 'toast.uncollected')) });
  };
  const onDelete = (app: Card) => setDeleting(app);
  const confirmDelete = (app: Card) =>
    remove.mutate(app, {
      onSuccess: () => {
        toast.success(t('toast.deleted'));
        setDeleting(null);
      },
      onError: () => setDeleting(null),
    });
  const openCreate = () => (token ? setCreating(true) : openLogin());

  const createButton = allowCreate && (
    <button
      type="button"
      onClick={openCreate}
      className={clsx(
        'inline-flex h-10 shrink-0 items-center justify-center gap-1.5 rounded-xl bg-primary text-sm font-medium text-white transition-colors hover:bg-primary-hover',
        mobile ? 'w-10' : 'px-4 max-md:w-10 max-md:px-0',
      )}
      aria-label={t('create.button')}
    >
      <Plus className="size-[18px]" aria-hidden />
      {!mobile && <span className="max-md:hidden">{t('create.button')}</span>}
    </button>
  );

  const search = (
    <SearchBox
      value={text}
      onChange={(v) => (v ? setText(v) : clearSearch())}
      placeholder={t(kind === 'expert' ? 'search.expertPlaceholder' : 'search.placeholder')}
      className="min-w-0 flex-1 md:w-72 md:flex-none"
    />
  );

  const content = (() => {
    const listClass = mobile ? 'flex flex-col gap-2.5' : 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4';
    const cards = (rows: Card[]) => (
      <ul className={listClass}>
        {rows.map((app) => (
          <AppCard
            key={app.id}
            app={app}
            compact={mobile}
            showKind={!kind}
            busy={toggle.isPending && toggle.variables?.id === app.id}
            onToggleCollect={onToggle}
            onDelete={isMine ? onDelete : undefined}
          />
        ))}
      </ul>
    );
    const searchEmpty = (
      <EmptyState icon={SearchX} title={t('empty.searchTitle', { keyword })} description={t('empty.searchDesc')}>
        <button type="button" className={emptyButton.secondary} onClick={clearSearch}>
          {t('search.clear')}
        </button>
      </EmptyState>
    );

    if (isMine) {
      if (!token) {
        return (
          <EmptyState icon={LogIn} title={t('empty.guestTitle')} description={t('empty.guestDesc')}>
            <button type="button" className={emptyButton.primary} onClick={() => openLogin()}>
              {t('empty.login')}
            </button>
          </EmptyState>
        );
      }
      if (mine.isPending) return <StoreSkeleton compact={mobile} count={4} />;
      if (mine.isError) return <LoadFailed onRetry={() => void mine.refetch()} />;
      const rows = mine.data.filter((a) => (!kind || a.kind === kind) && matchesKeyword(a, keyword));
      if (rows.length) return cards(rows);
      if (keyword) return searchEmpty;
      return (
        <EmptyState icon={Star} title={t('empty.mineTitle')} description={t(kind === 'expert' ? 'empty.mineExpertDesc' : 'empty.mineDesc')}>
          {allowCreate && (
            <button type="button" className={emptyButton.primary} onClick={openCreate}>
              <Plus className="size-4" aria-hidden />
              {t('create.button')}
            </button>
          )}
          <button type="button" className={emptyButton.secondary} onClick={() => selectTab('all')}>
            {t('empty.browse')}
          </button>
        </EmptyState>
      );
    }

    if (store.isPending) return <StoreSkeleton compact={mobile} />;
    if (store.isError) return <LoadFailed onRetry={() => void store.refetch()} />;
    const rows = store.data.pages.flatMap((p) => p.list);
    if (!rows.length) {
      if (keyword) return searchEmpty;
      return (
        <EmptyState icon={LayoutGrid} title={t('empty.categoryTitle')} description={t('empty.categoryDesc')}>
          <button type="button" className={emptyButton.secondary} onClick={() => selectTab('all')}>
            {t('empty.browse')}
          </button>
        </EmptyState>
      );
    }
    return (
      <>
        {keyword && (
          <p className="mb-3 text-[13px] text-neutral-500 dark:text-neutral-400" aria-live="polite">
            {t('search.found', { total: store.data.pages[0]?.meta.total ?? rows.length })}
          </p>
        )}
        {cards(rows)}
        <LoadMore
          hasMore={!!store.hasNextPage}
          loading={store.isFetchingNextPage}
          pages={store.data.pages.length}
          onMore={() => void store.fetchNextPage()}
          root={scroller}
        />
      </>
    );
  })();

  const tabList = <CategoryTabs tabs={tabs} value={tab} onChange={selectTab} scroll={mobile ? 'always' : 'narrow'} idPrefix={idPrefix} />;
  const panel = (
    <div role="tabpanel" id={panelId(idPrefix)} aria-labelledby={tabId(idPrefix, tab)} aria-busy={isMine ? mine.isFetching : store.isFetching}>
      {content}
    </div>
  );

  return (
    <div ref={scroller} className="h-full overflow-y-auto bg-neutral-50 dark:bg-neutral-950" data-testid={`${idPrefix}-page`}>
      {mobile ? (
        <>
          <div className="sticky top-0 z-20 border-b border-neutral-200/60 bg-neutral-50/95 px-4 pb-3 backdrop-blur dark:border-neutral-800/60 dark:bg-neutral-950/95">
            <div className="mx-auto max-w-2xl">
              <header className="-mx-2 flex h-12 items-center gap-1">
                <SidebarToggle />
                <h1 className="min-w-0 flex-1 truncate px-1 text-[17px] font-semibold">{title}</h1>
              </header>
              <div className="flex gap-2">
                {search}
                {createButton}
              </div>
              <div className="mt-3">{tabList}</div>
            </div>
          </div>
          <div className="mx-auto max-w-2xl px-4 pt-3 pb-6">{panel}</div>
        </>
      ) : (
        <>
          <header className="sticky top-0 z-20 flex h-12 items-center gap-1 border-b border-neutral-200/60 bg-neutral-50/95 px-2 backdrop-blur md:hidden dark:border-neutral-800/60 dark:bg-neutral-950/95">
            <SidebarToggle />
            <h1 className="truncate text-[15px] font-medium">{title}</h1>
          </header>
          <div className="mx-auto w-full max-w-6xl px-4 pt-4 pb-10 sm:px-6 md:px-8 md:pt-10">
            <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
              <div className="hidden md:block">
                <h1 className="text-2xl font-semibold tracking-tight text-neutral-900 dark:text-neutral-50">{title}</h1>
                {subtitle && <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">{subtitle}</p>}
              </div>
              <div className="flex gap-2">
                {search}
                {createButton}
              </div>
            </div>
            <div className="mt-4 md:mt-6">{tabList}</div>
            <div className="mt-4">{panel}</div>
          </div>
        </>
      )}
      {allowCreate && creating && (
        <Suspense fallback={null}>
          <CreateAppDialog
            open
            onClose={() => setCreating(false)}
            onCreated={() => {
              setCreating(false);
              if (!isMine) selectTab('mine');
            }}
          />
        </Suspense>
      )}
      <ConfirmDeleteDialog app={deleting} busy={remove.isPending} onCancel={() => setDeleting(null)} onConfirm={confirmDelete} />
    </div>
  );
}

function LoadFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation('apps');
  return (
    <EmptyState icon={CircleAlert} title={t('loadFailed')}>
      <button type="button" className={emptyButton.secondary} onClick={onRetry}>
        {t('retry')}
      </button>
    </EmptyState>
  );
}

/** Loads the next page when its row scrolls into view; the button does the same by hand. */
function LoadMore({ hasMore, loading, pages, onMore, root }: { hasMore: boolean; loading: boolean; pages: number; onMore(): void; root: React.RefObject<HTMLDivElement | null> }) {
  const { t } = useTranslation('apps');
  const sentinel = useRef<HTMLDivElement>(null);
  const more = useRef(onMore);
  useEffect(() => {
    more.current = onMore;
  });
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && more.current(), { root: root.current, rootMargin: '200px' });
    io.observe(el);
    return () => io.disconnect();
  }, [hasMore, loading, root]);

  if (!hasMore) return pages > 1 ? <p className="py-6 text-center text-xs text-neutral-400 dark:text-neutral-500">{t('end')}</p> : null;
  return (
    <div ref={sentinel} className="flex justify-center py-5">
      <button
        type="button"
        onClick={onMore}
        disabled={loading}
        className="h-9 rounded-full px-5 text-[13px] text-neutral-600 ring-1 ring-neutral-200 ring-inset transition-colors hover:bg-white disabled:opacity-60 dark:text-neutral-300 dark:ring-neutral-700 dark:hover:bg-neutral-900"
      >
        {loading ? t('loading') : t('loadMore')}
      </button>
    </div>
  );
}
