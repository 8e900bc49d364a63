import { useEffect, useState } from 'react';
import { skipToken, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type {
  DrawBasicBody,
  DrawDalleBody,
  DrawExample,
  DrawHistoriesReply,
  DrawImageView,
  DrawKind,
  DrawMarketReply,
  DrawType,
  DrawResultReply,
  MjBlendBody,
  MjDescribeBody,
  MjListReply,
  MjStreamEvent,
  MjSubmitBody,
  MjTaskView,
} from '@app/shared';
import { useJobProgress } from '../../lib/useJobProgress.ts';
import { callRoute, endpoint } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';

export const drawKeys = {
  types: ['draw', 'types'] as const,
  examples: ['draw', 'examples'] as const,
  histories: (kind: DrawKind | 'all', token: string | null) => ['draw', 'histories', kind, token ?? ''] as const,
  tasks: (token: string | null) => ['draw', 'tasks', token ?? ''] as const,
  results: (screen: string, token: string | null) => ['draw', 'results', screen, token ?? ''] as const,
  market: (type: string) => ['draw', 'market', type] as const,
};

const ep = {
  types: endpoint('draw.imageTypes', 'GET', '/api/draw-image/image-types'),
  examples: endpoint('draw.examples', 'GET', '/api/draw-image/examples'),
  histories: endpoint('draw.histories', 'GET', '/api/draw-image/histories'),
  basic: endpoint('draw.basic', 'POST', '/api/draw-image/basic'),
  dalle3: endpoint('draw.dalle3', 'POST', '/api/draw-image/dalle3'),
  rewrite: endpoint('draw.rewrite', 'POST', '/api/draw-image/rewrite'),
  publish: endpoint('draw.publish', 'POST', '/api/draw-image/publish'),
  remove: endpoint('draw.remove', 'POST', '/api/draw-image/delete'),
  market: endpoint('draw.market', 'GET', '/api/draw-image/market'),
  mjList: endpoint('draw.mjList', 'GET', '/midjourney/getList'),
  mjSubmit: endpoint('draw.mjSubmit', 'POST', '/midjourney/submit'),
  mjAction: endpoint('draw.mjAction', 'POST', '/midjourney/action'),
  mjBlend: endpoint('draw.mjBlend', 'POST', '/midjourney/blend'),
  mjDescribe: endpoint('draw.mjDescribe', 'POST', '/midjourney/describe'),
  mjTask: endpoint('draw.mjTask', 'GET', '/midjourney/task/:id'),
};

export const HISTORY_PAGE_SIZE = 12;
export const MARKET_PAGE_SIZE = 30;

const typesQuery = { queryKey: drawKeys.types, queryFn: () => callRoute(ep.types, undefined, { silent: true }), staleTime: 10 * 60_000 };
const examplesQuery = { queryKey: drawKeys.examples, queryFn: () => callRoute(ep.examples, undefined, { silent: true }), staleTime: 10 * 60_000 };

export const useImageTypes = () => useQuery(typesQuery);

export const useExamples = (kind: DrawKind) =>
  useQuery({
    ...examplesQuery,
    select: (d: { list: DrawExample[] }) => {
      const own = d.list.filter((e) => e.kind === kind || (kind === 'dalle3' && e.kind === 'basic'));
      return own.length ? own : d.list;
    },
  });

/** The owner's images, newest first, page by page. */
export function useHistories(kind?: DrawKind) {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: drawKeys.histories(kind ?? 'all', token),
    enabled: !!token,
    initialPageParam: 1,
    queryFn: ({ pageParam }): Promise<DrawHistoriesReply> => callRoute(ep.histories, { page: pageParam, size: HISTORY_PAGE_SIZE, kind }, { silent: true }),
    getNextPageParam: (last) => (last.meta.page * last.meta.size < last.meta.total ? last.meta.page + 1 : undefined),
  });
}

const refreshBalance = () => void useSession.getState().loadUser().catch(() => {});

export function useDraw() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { kind: 'basic'; body: DrawBasicBody } | { kind: 'dalle3'; body: Partial<DrawDalleBody> & { prompt: string } }): Promise<DrawResultReply> =>
      v.kind === 'basic' ? callRoute(ep.basic, v.body) : callRoute(ep.dalle3, v.body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['draw', 'histories'] });
      refreshBalance();
    },
  });
}

/**
 * 本次结果 of a drawing screen: the images of its last drawing, kept in the query cache (never
 * fetched, gone when the screen is) so that a publish toggle updates them as it updates 我的作品.
 */
export function useDrawResults(screen: string) {
  const token = useSession((s) => s.token);
  const qc = useQueryClient();
  const key = drawKeys.results(screen, token);
  const q = useQuery<DrawImageView[]>({ queryKey: key, queryFn: skipToken, gcTime: 0 });
  return { images: q.data ?? [], show: (list: DrawImageView[]) => qc.setQueryData(key, list) };
}

export const rewritePrompt = (text: string) => callRoute(ep.rewrite, { text });

/** Every cached copy of an image (results, my works, task cards) becomes the server's answer at once. */
function patchImage(qc: ReturnType<typeof useQueryClient>, updated: DrawImageView) {
  const patch = (img: DrawImageView) => (img.id === updated.id ? { ...img, ...updated } : img);
  qc.setQueriesData<DrawImageView[]>({ queryKey: ['draw', 'results'] }, (list) => list?.map(patch));
  qc.setQueriesData<InfiniteData<DrawHistoriesReply>>({ queryKey: ['draw', 'histories'] }, (data) =>
    data && { ...data, pages: data.pages.map((p) => ({ ...p, list: p.list.map(patch) })) },
  );
  qc.setQueriesData<InfiniteData<MjListReply>>({ queryKey: ['draw', 'tasks'] }, (data) =>
    data && { ...data, pages: data.pages.map((p) => ({ ...p, list: p.list.map((task) => (task.image ? { ...task, image: patch(task.image) } : task)) })) },
  );
}

export function usePublish() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; public: boolean }): Promise<DrawImageView> => callRoute(ep.publish, v),
    onSuccess: (updated) => {
      patchImage(qc, updated);
      void qc.invalidateQueries({ queryKey: ['draw', 'histories'] });
      void qc.invalidateQueries({ queryKey: ['draw', 'market'] });
      void qc.invalidateQueries({ queryKey: ['draw', 'tasks'] });
    },
  });
}

export function useDeleteImage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callRoute(ep.remove, { id }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['draw'] });
    },
  });
}

/** Midjourney tasks, newest first. Refetched while any is unfinished. */
export function useTasks() {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: drawKeys.tasks(token),
    enabled: !!token,
    initialPageParam: 1,
    queryFn: ({ pageParam }): Promise<MjListReply> => callRoute(ep.mjList, { page: pageParam, size: HISTORY_PAGE_SIZE }, { silent: true }),
    getNextPageParam: (last) => (last.meta.page * last.meta.size < last.meta.total ? last.meta.page + 1 : undefined),
  });
}

/**
 * A task as the page shows it: while it runs, its progress is pushed by the server (SSE: the
 * task, its progress, the job's end), so the page does not poll; at the end the task is read
 * once more (its image and buttons) and the lists and the balance are refreshed. A stream cut
 * short reconnects after 2 s, one refused is not opened again (lib/useJobProgress).
 */
export function useTaskProgress(task: MjTaskView): MjTaskView {
  const qc = useQueryClient();
  const [view, setView] = useState(task);
  const open = task.status === 'queued' || task.status === 'running';
  useEffect(() => setView(task), [task]);
  const finish = async () => {
    try {
      setView(await callRoute(ep.mjTask, undefined, { silent: true, params: { id: task.id } }));
    } catch {
      /* the list refresh below shows it */
    }
    void qc.invalidateQueries({ queryKey: ['draw', 'tasks'] });
    void qc.invalidateQueries({ queryKey: ['draw', 'histories'] });
    refreshBalance();
  };
  useJobProgress<MjStreamEvent>(open ? `/midjourney/task/${task.id}/stream` : null, (e) => {
    if (e.type === 'job.snapshot') setView(e.task);
    else if (e.type === 'progress') setView((v) => ({ ...v, status: e.status, progress: e.progress }));
    else if (e.type === 'job.end') void finish();
  });
  return view;
}

export function useMjSubmit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { submit: MjSubmitBody } | { action: { task_id: number; custom_id: string } } | { blend: MjBlendBody } | { describe: MjDescribeBody }): Promise<MjTaskView> =>
      'submit' in v
        ? callRoute(ep.mjSubmit, v.submit)
        : 'blend' in v
          ? callRoute(ep.mjBlend, v.blend)
          : 'describe' in v
            ? callRoute(ep.mjDescribe, v.describe)
            : callRoute(ep.mjAction, v.action),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['draw', 'tasks'] }),
  });
}

/** The public gallery by cursor. */
const marketQuery = (type: string) => ({
  queryKey: drawKeys.market(type),
  initialPageParam: 0,
  queryFn: ({ pageParam }: { pageParam: number }): Promise<DrawMarketReply> =>
    callRoute(ep.market, { size: MARKET_PAGE_SIZE, type: type === 'all' ? undefined : (type as DrawType), cursor: pageParam || undefined }, { silent: true }),
  getNextPageParam: (last: DrawMarketReply) => last.next_cursor ?? undefined,
});

export function useMarket(type: string) {
  return useInfiniteQuery(marketQuery(type));
}

/** The requests of a drawing screen's first paint (the types and examples), started with its code (app/router.tsx). */
export function prefetchDrawForm(qc: QueryClient) {
  void qc.prefetchQuery(typesQuery);
  void qc.prefetchQuery(examplesQuery);
}

/** /market's first paint: the types and the first page of everything. */
export function prefetchMarket(qc: QueryClient) {
  void qc.prefetchQuery(typesQuery);
  void qc.prefetchInfiniteQuery(marketQuery('all'));
}
