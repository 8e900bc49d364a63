import { useCallback, useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from '../../../lib/router/index.tsx';
import type { DeckOutlineValidateBody, DeckView, DeckWatchEvent } from '@app/shared';
import { Code } from '@app/shared/codes';
import { ApiError } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { abortRun } from '../../../lib/stream-run/run.ts';
import { toast } from '../../../lib/toast.ts';
import { useJobProgress } from '../../../lib/useJobProgress.ts';
import { deckWatchUrl, slidesApi, slidesKeys } from '../api.ts';
import { resumeOutline, SLIDES_OUTLINE_RUN, startOutline, stopOutlineRun, useOutlineRun, type OutlineOutcome } from './outline-run.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** A deck left outlining by another tab (no stream here to follow): read again this often until it is done. */
export const OUTLINING_REFETCH_MS = 3000;

/** What the page shows for the deck in the address. */
export type AipptStep = 'form' | 'streaming' | 'loading' | 'outline' | 'progress';

/**
 * /aippt: the decks and the deck in the address (TanStack queries), a new deck's outline streamed
 * through lib/stream-run (stop, resumed after a reload, stopped when the page is left), the slides
 * job's progress over SSE (lib/useJobProgress), and the mutations that refresh what they change.
 */
export function useAippt() {
  const { t } = useTranslation('slides');
  const qc = useQueryClient();
  const token = useSession((s) => s.token);
  const dialog = useSession((s) => s.dialog);
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const run = useOutlineRun();
  const [formError, setFormError] = useState<string | null>(null);

  const decks = useQuery({ queryKey: slidesKeys.list(token), queryFn: () => slidesApi.list().then((r) => r.list), enabled: !!token });
  const packages = useQuery({ queryKey: slidesKeys.packages(token), queryFn: () => slidesApi.packages() });
  // A package bought in the ppt or pay dialog shows at once.
  useEffect(() => {
    if (dialog === null) void qc.invalidateQueries({ queryKey: ['slides', 'packages'] });
  }, [dialog, qc]);

  const streamingHere = id !== null && run.deckId === id;
  const deckQ = useQuery({
    queryKey: slidesKeys.deck(id ?? 0),
    queryFn: () => slidesApi.view(id!, true),
    enabled: !!id && !!token,
    // Only a deck outlining in another tab is read again; this tab follows its own stream and the job's SSE.
    refetchInterval: (q) => (q.state.data?.status === 'outlining' && !streamingHere ? OUTLINING_REFETCH_MS : false),
  });
  const deck = id && token ? (deckQ.data ?? null) : null;

  const refreshDeck = useCallback(
    (deckId: number) => Promise.all([qc.invalidateQueries({ queryKey: slidesKeys.deck(deckId) }), qc.invalidateQueries({ queryKey: ['slides', 'list'] })]),
    [qc],
  );

  const afterOutline = useCallback(
    (o: OutlineOutcome, deckId: number | null) => {
      if (o.kind === 'refused') {
        if (o.error instanceof ApiError && o.error.message) setFormError(o.error.message);
      } else if (o.kind === 'cut') toast.error(t('outline.cut'));
      else if (o.kind === 'done' && o.event.status === 'stopped') toast.info(t('outline.stopped'));
      if (deckId !== null) void refreshDeck(deckId);
      else void qc.invalidateQueries({ queryKey: ['slides', 'list'] });
    },
    [qc, refreshDeck, t],
  );

  // After a reload: the outline that was streaming goes on (its deck opened).
  useEffect(() => {
    if (!useSession.getState().token) return;
    const resumed = resumeOutline();
    if (!resumed) return;
    setParams({ id: String(resumed.deckId) }, { replace: true });
    void resumed.settled.then((o) => afterOutline(o, resumed.deckId));
  }, [afterOutline, setParams]);
  useEffect(() => () => abortRun(SLIDES_OUTLINE_RUN), []);

  const createDeck = (body: DeckOutlineValidateBody) => {
    if (!useSession.getState().token) return useSession.getState().openLogin();
    setFormError(null);
    let deckId: number | null = null;
    void startOutline(body, (created) => {
      deckId = created;
      setParams({ id: String(created) }, { replace: false });
      void qc.invalidateQueries({ queryKey: ['slides', 'list'] });
    })?.then((o) => afterOutline(o, deckId));
  };

  // While the slides are written: the job's progress over SSE, patched into the deck.
  const generating = deck?.status === 'generating' ? deck.id : null;
  useJobProgress<DeckWatchEvent>(generating ? deckWatchUrl(generating) : null, (e) => {
    if (!generating) return;
    if (e.type === 'job.snapshot' || e.type === 'progress') {
      qc.setQueryData<DeckView>(slidesKeys.deck(generating), (d) => d && d.status === 'generating' ? { ...d, slideCount: e.written, planned: e.planned || d.planned } : d);
    } else if (e.type === 'job.end') {
      void refreshDeck(generating);
      void qc.invalidateQueries({ queryKey: ['slides', 'packages'] });
    }
  });

  const generate = useMutation({
    mutationFn: async (input: { deck: DeckView; outline: Parameters<typeof slidesApi.saveOutline>[0] }) => {
      const saved = await slidesApi.saveOutline(input.outline);
      await slidesApi.generate(input.deck.id);
      return saved;
    },
    onSuccess: (saved) => qc.setQueryData<DeckView>(slidesKeys.deck(saved.id), { ...saved, status: 'generating', slideCount: 0 }),
    onSettled: (_s, _e, input) => {
      void qc.invalidateQueries({ queryKey: ['slides', 'list'] });
      void qc.invalidateQueries({ queryKey: ['slides', 'packages'] });
      void qc.invalidateQueries({ queryKey: slidesKeys.deck(input.deck.id) });
    },
  });
  const resetGenerate = generate.reset;
  useEffect(() => resetGenerate(), [id, resetGenerate]);
  /** The refusal to show under the outline (508xxx opens the ppt dialog by itself). */
  const generateError = generate.error instanceof ApiError && generate.error.code !== Code.PPT_QUOTA ? generate.error.message || null : null;

  const cancel = useMutation({
    mutationFn: (deckId: number) => slidesApi.cancel(deckId),
    onSuccess: (d) => {
      toast.success(t('progress.cancelled'));
      qc.setQueryData(slidesKeys.deck(d.id), d);
      void qc.invalidateQueries({ queryKey: ['slides', 'list'] });
    },
  });

  const step: AipptStep = !id
    ? 'form'
    : streamingHere && (!deck || deck.status === 'outlining')
      ? 'streaming'
      : !deck
        ? 'loading'
        : deck.status === 'outlining'
          ? 'streaming'
          : deck.status === 'generating' || deck.status === 'done'
            ? 'progress'
            : 'outline';

  return {
    id,
    step,
    deck,
    decks: token ? (decks.data ?? null) : [],
    balance: packages.data?.balance ?? null,
    /** The outline so far while it streams here ('' for a deck outlining elsewhere). */
    outlineText: streamingHere ? run.text : '',
    outlineState: streamingHere ? run.state : null,
    /** An outline is being prepared or streamed (one at a time: the form waits). */
    creating: run.state !== null,
    formError,
    setFormError,
    createDeck,
    stopOutline: stopOutlineRun,
    generate: (d: DeckView, outline: Parameters<typeof slidesApi.saveOutline>[0]) => generate.mutate({ deck: d, outline }),
    generating: generate.isPending,
    generateError,
    cancel: (deckId: number) => cancel.mutate(deckId),
    cancelling: cancel.isPending,
    onRemoved: (removed: number) => {
      qc.removeQueries({ queryKey: slidesKeys.deck(removed) });
      void qc.invalidateQueries({ queryKey: ['slides', 'list'] });
      if (removed === id) setParams({});
    },
  };
}
