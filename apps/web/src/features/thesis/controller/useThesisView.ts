import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ThesisOutlineInput, ThesisWatchEvent } from '@app/shared';
import { abortRun } from '../../../lib/stream-run/run.ts';
import { toast } from '../../../lib/toast.ts';
import { useJobProgress } from '../../../lib/useJobProgress.ts';
import { cancelWriting, deleteThesis, fetchThesis, rewriteSection, saveOutline, startWriting, thesisKeys, watchUrl } from '../api.ts';
import { mergeDelta } from '../live-text.ts';
import { outlineNotice, resumeOutline, startOutline, stopOutlineRun, THESIS_OUTLINE_RUN, useOutlineRun } from './outline-run.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** Leaving the thesis page stops an outline in flight (as chat does with its reply). */
export const useAbortOutlineOnLeave = () => useEffect(() => () => abortRun(THESIS_OUTLINE_RUN), []);

/**
 * The state and actions of one thesis: its detail (a query), the streamed outline (lib/stream-run:
 * stop, resume after a reload), the writing job's progress (SSE, lib/useJobProgress), and the
 * mutations, each refreshing the detail, the list and the orders.
 */
export function useThesisView(id: number, autoOutline: boolean) {
  const { t } = useTranslation('thesis');
  const qc = useQueryClient();
  const detailQ = useQuery({ queryKey: thesisKeys.detail(id), queryFn: () => fetchThesis(id) });
  const detail = detailQ.data ?? null;
  const run = useOutlineRun();
  const mine = run.id === id;
  const outlineText = mine ? run.text : null;
  const outlineState = mine ? run.state : null;
  const [live, setLive] = useState<{ key: string | null; text: string }>({ key: null, text: '' });
  const started = useRef(false);

  const refresh = useCallback(async () => {
    await Promise.all([qc.invalidateQueries({ queryKey: thesisKeys.detail(id) }), qc.invalidateQueries({ queryKey: ['thesis', 'list'] }), qc.invalidateQueries({ queryKey: thesisKeys.orders })]);
  }, [qc, id]);

  const afterOutline = useCallback(
    (outcome: Awaited<ReturnType<typeof startOutline>>) => {
      const notice = outcome && outlineNotice(outcome);
      if (notice === 'cut') toast.error(t('outline.cut'));
      else if (notice) toast[notice.kind](notice.message);
      void refresh();
    },
    [refresh, t],
  );

  const generate = useCallback(() => {
    started.current = true;
    void startOutline(id)?.then(afterOutline);
  }, [id, afterOutline]);

  // After a reload: the outline that was streaming goes on here.
  useEffect(() => {
    const resumed = resumeOutline(id);
    if (!resumed) return;
    started.current = true;
    void resumed.then(afterOutline);
  }, [id, afterOutline]);

  useEffect(() => {
    if (autoOutline && detail?.status === 'draft' && !started.current) generate();
  }, [autoOutline, detail?.status, generate]);

  // While a job writes: its progress, reopened where it is after a reload or a cut connection.
  const writing = detail?.status === 'writing';
  useJobProgress<ThesisWatchEvent>(writing ? watchUrl(id) : null, (e) => {
    if (e.type === 'job.snapshot') setLive({ key: e.key, text: e.text });
    else if (e.type === 'section') setLive({ key: e.key, text: '' });
    else if (e.type === 'delta') setLive((l) => mergeDelta(l, e));
    else if (e.type === 'sync') setLive({ key: e.key, text: e.text });
    else if (e.type === 'section.done') void qc.invalidateQueries({ queryKey: thesisKeys.detail(id) });
    else if (e.type === 'retry') toast.info(t('write.retrying'));
    else if (e.type === 'job.end') {
      if (e.status === 'failed' && e.error) toast.error(e.error);
      void refresh();
    }
  });

  const mutation = useMutation({ mutationFn: (fn: () => Promise<unknown>) => fn(), onSettled: () => refresh() });
  const act = (fn: () => Promise<unknown>) => mutation.mutateAsync(fn).catch(() => {}); // refusals: shown by the http client

  return {
    detail,
    /** The outline so far while it streams (null otherwise). */
    outlineText,
    outlineState,
    live,
    writing,
    busy: mutation.isPending,
    generate,
    stopOutline: stopOutlineRun,
    saveOutline: async (outline: ThesisOutlineInput) => {
      await act(async () => {
        qc.setQueryData(thesisKeys.detail(id), await saveOutline(id, outline));
        toast.success(t('outline.saved'));
      });
    },
    write: (orderSn?: string) =>
      act(async () => {
        await startWriting(id, orderSn);
        toast.info(t('write.closeHint'));
      }),
    stopWriting: () => act(() => cancelWriting(id).then(() => toast.info(t('write.stopped')))),
    rewrite: (key: string) => act(() => rewriteSection(id, key)),
    remove: async (onRemoved: () => void) => {
      try {
        await deleteThesis(id);
      } catch {
        return; // shown by the http client
      }
      toast.success(t('remove.done'));
      onRemoved();
      qc.removeQueries({ queryKey: thesisKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: ['thesis', 'list'] });
    },
  };
}
