import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { AppCard, AppKind, AppStoreReply, CustomAppInputBody } from '@app/shared';
import { APP_STORE_PAGE_SIZE_DEFAULT } from './constants.ts';
import { callRoute, endpoint } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';

export interface StoreFilter {
  kind?: AppKind;
  /** A category id; undefined for all. */
  category?: number;
  keyword?: string;
}

const category = endpoint('apps.category', 'GET', '/api/app/category');
const store = endpoint('apps.store', 'GET', '/api/app/store');
const mineApps = endpoint('apps.mineApps', 'GET', '/app/mineApps');
const collect = endpoint('apps.collect', 'POST', '/app/collect');
const customApp = endpoint('apps.customApp', 'POST', '/app/customApp');
const delMineApp = endpoint('apps.delMineApp', 'POST', '/app/delMineApp');

export const appsKeys = {
  all: ['apps'] as const,
  categories: (kind?: AppKind) => ['apps', 'categories', kind ?? 'all'] as const,
  /** The collected flags depend on who asks. */
  store: (f: StoreFilter, token: string | null) => ['apps', 'store', f.kind ?? 'all', f.category ?? 0, f.keyword ?? '', token ?? ''] as const,
  mine: (token: string | null) => ['apps', 'mine', token ?? ''] as const,
};

export const fetchCategories = (kind?: AppKind) => callRoute(category, kind ? { kind } : {}, { silent: true }).then((d) => d.list);

export const fetchStorePage = (f: StoreFilter, page: number, size = APP_STORE_PAGE_SIZE_DEFAULT) =>
  callRoute(store, { kind: f.kind, category: f.category, keyword: f.keyword || undefined, page, size }, { silent: true });

export const fetchMineApps = () => callRoute(mineApps, undefined, { silent: true }).then((d) => d.rows);

export const toggleCollect = (appId: number) => callRoute(collect, { appId });

/** Silent: the create form shows a refusal next to the field it names. */
export const createCustomApp = (body: CustomAppInputBody) => callRoute(customApp, body, { silent: true });

export const deleteMineApp = (appId: number) => callRoute(delMineApp, { appId });

export function useCategories(kind?: AppKind) {
  return useQuery({ queryKey: appsKeys.categories(kind), queryFn: () => fetchCategories(kind), staleTime: 5 * 60_000 });
}

export function useStore(f: StoreFilter, enabled = true) {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: appsKeys.store(f, token),
    queryFn: ({ pageParam }) => fetchStorePage(f, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page * last.meta.size < last.meta.total ? last.meta.page + 1 : undefined),
    enabled,
  });
}

export function useMineApps(enabled = true) {
  const token = useSession((s) => s.token);
  return useQuery({ queryKey: appsKeys.mine(token), queryFn: fetchMineApps, enabled: enabled && !!token });
}

/** Sets one app's collect state in every cached store page and in my apps. */
function patchCards(qc: QueryClient, appId: number, patch: (card: AppCard) => AppCard) {
  qc.setQueriesData<InfiniteData<AppStoreReply>>({ queryKey: ['apps', 'store'] }, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, list: p.list.map((c) => (c.id === appId ? patch(c) : c)) })) } : data,
  );
  qc.setQueriesData<AppCard[]>({ queryKey: ['apps', 'mine'] }, (rows) => rows?.map((c) => (c.id === appId ? patch(c) : c)));
}

/** Collect / uncollect with the star flipping at once; the server's answer then sets the truth. */
export function useToggleCollect() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (card: AppCard) => toggleCollect(card.id),
    onMutate: (card) => {
      const collected = !card.collected;
      patchCards(qc, card.id, (c) => ({ ...c, collected, collect_count: Math.max(0, c.collect_count + (collected ? 1 : -1)) }));
      return { before: card };
    },
    onSuccess: (reply, card) => patchCards(qc, card.id, (c) => ({ ...c, collected: reply.collected, collect_count: reply.collect_count })),
    onError: (_e, _card, context) => {
      if (context) patchCards(qc, context.before.id, (c) => ({ ...c, collected: context.before.collected, collect_count: context.before.collect_count }));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: ['apps', 'mine'] }),
  });
}

export function useCreateCustomApp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createCustomApp,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['apps', 'mine'] }),
  });
}

export function useDeleteMineApp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (card: AppCard) => deleteMineApp(card.id),
    onSuccess: (_reply, card) => {
      qc.setQueriesData<AppCard[]>({ queryKey: ['apps', 'mine'] }, (rows) => rows?.filter((c) => c.id !== card.id));
      if (!card.custom) patchCards(qc, card.id, (c) => ({ ...c, collected: false, collect_count: Math.max(0, c.collect_count - 1) }));
      void qc.invalidateQueries({ queryKey: ['apps', 'mine'] });
    },
  });
}
