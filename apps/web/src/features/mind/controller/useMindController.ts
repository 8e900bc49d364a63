import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MindCreateReply, MindDetail, MindStreamEvent, MindSummary } from '@app/shared';
import { copyText } from '../../../lib/clipboard.ts';
import { useSession } from '../../../lib/session.ts';
import { readRecord } from '../../../lib/stream-run/record.ts';
import { abortRun, currentRun, resumeRun, startRun, type RunOutcome } from '../../../lib/stream-run/run.ts';
import { toast } from '../../../lib/toast.ts';
import { createMind, deleteMind, fetchMind, fetchMinds, importMind, MIND_STREAM_URL, saveMind, stopMind } from '../api.ts';
import type { MindCanvasHandle } from '../MindCanvas.tsx';
import { download, fileNameOf, unfence } from '../markdown.ts';
import { useTranslation } from '../../../lib/i18n.ts';

export const MIND_RUN = 'mind';
export interface Current {
  id: number | null;
  title: string;
  prompt: string;
  markdown: string;
  status: MindDetail['status'];
  /** The document the map is drawn from (regenerating reads it again). */
  document: Source | null;
  /** Changes when another map is shown (the canvas fits it anew). */
  key: string;
}

export type Source = NonNullable<MindDetail['document']>;

interface ResumeContext {
  id: number;
  prompt: string;
}

let seq = 0;
const nextKey = () => `m${++seq}`;
const titleFrom = (md: string, prompt: string) =>
  unfence(md)
    .split('\n')
    .find((l) => /^#\s/.test(l))
    ?.replace(/^#\s+/, '')
    .trim() || prompt.split('\n')[0]!.slice(0, 30);

/**
 * The state and actions of /mind: the prompt, the map shown, its stream (lib/stream-run: stop,
 * resume after a reload, stopped when the screen is left), the history (a query), edits,
 * import and exports.
 */
export function useMindController() {
  const { t } = useTranslation('mind');
  const token = useSession((s) => s.token);
  const features = useSession((s) => s.website?.features);
  const client = useQueryClient();
  const [draft, setDraft] = useState('');
  const [source, setSource] = useState<Source | null>(null);
  const [model, setModel] = useState('');
  const [current, setCurrent] = useState<Current | null>(null);
  const [streaming, setStreaming] = useState(false);
  const [view, setView] = useState<'map' | 'markdown'>('map');
  const [edit, setEdit] = useState('');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [confirm, setConfirm] = useState<MindSummary | null>(null);
  const canvas = useRef<MindCanvasHandle>(null);

  const list = useQuery({ queryKey: ['mind', 'histories', token], queryFn: fetchMinds, enabled: !!token });
  const maps = list.data?.list ?? [];
  const modelCode = model || features?.[0]?.code || '';

  const settle = useCallback(
    (outcome: RunOutcome<MindStreamEvent>) => {
      setStreaming(false);
      if (outcome.kind === 'done') {
        setCurrent((c) => c && { ...c, markdown: outcome.text, status: outcome.event.status, title: titleFrom(outcome.text, c.prompt) });
        if (outcome.event.status === 'stopped') toast.success(t('stopped'));
        if (outcome.event.charged > 0) useSession.getState().loadUser().catch(() => {});
      } else if (outcome.kind === 'error' || outcome.kind === 'cut') {
        setCurrent((c) => c && { ...c, markdown: outcome.text || c.markdown, status: 'error' });
        if (outcome.kind === 'cut') toast.error(t('streamCut'));
      } else if (outcome.kind === 'stopped') {
        setCurrent((c) => c && { ...c, markdown: outcome.text || c.markdown, status: 'stopped' });
      } else if (outcome.kind === 'refused' || outcome.kind === 'cancelled') {
        setCurrent((c) => (c && c.id === null ? null : c));
      }
      void client.invalidateQueries({ queryKey: ['mind', 'histories'] });
    },
    [client, t],
  );

  // A map still drawing when the page was reloaded: re-attach to it.
  useEffect(() => {
    const record = readRecord<ResumeContext>(MIND_RUN);
    if (!record || currentRun(MIND_RUN) || !useSession.getState().token) return;
    setCurrent({ id: record.context.id, title: record.context.prompt.slice(0, 30), prompt: record.context.prompt, markdown: '', status: 'running', document: null, key: nextKey() });
    setStreaming(true);
    const run = resumeRun<MindStreamEvent>({ kind: MIND_RUN, stop: stopMind, toastErrors: true, onText: (text) => setCurrent((c) => c && { ...c, markdown: text }) }, record);
    void run.settled.then((o) => {
      if (o.kind === 'gone') {
        setStreaming(false);
        void fetchMind(record.context.id).then((d) => setCurrent({ ...d, key: nextKey() }), () => setCurrent(null));
      } else settle(o);
    });
  }, [settle]);

  // Leaving the screen stops the map (the server keeps what was drawn).
  useEffect(() => () => abortRun(MIND_RUN), []);

  const generate = (prompt: string, regenerateId?: number, doc: Source | null = null) => {
    const text = prompt.trim();
    if ((!text && !doc) || currentRun(MIND_RUN)) return;
    if (!useSession.getState().token) {
      useSession.getState().openLogin();
      return;
    }
    let listed = false;
    const options = { ...(modelCode ? { model: modelCode } : {}), ...(regenerateId ? { id: regenerateId } : {}) };
    setView('map');
    setStreaming(true);
    const firstTitle = doc ? doc.title : text.split('\n')[0]!.slice(0, 30);
    setCurrent((c) => ({ id: regenerateId ?? null, title: regenerateId && c ? c.title : firstTitle, prompt: text, markdown: '', status: 'running', document: doc, key: nextKey() }));
    const run = startRun<MindStreamEvent, MindCreateReply>({
      kind: MIND_RUN,
      prepare: () => createMind({ prompt: text, options, ...(doc ? { document: doc.token } : {}) }),
      onPrepared: (p) => {
        setCurrent((c) => c && { ...c, id: p.id });
        if (!regenerateId) {
          setDraft('');
          setSource(null);
        }
      },
      stream: (p) => ({ url: MIND_STREAM_URL, method: 'POST', body: { ...(text ? { prompt: text } : {}), options: { ...options, secret: p.secret } } }),
      stop: stopMind,
      toastErrors: true,
      context: (p): ResumeContext => ({ id: p.id, prompt: text || firstTitle }),
      onText: (md) => {
        if (!listed) {
          listed = true;
          void client.invalidateQueries({ queryKey: ['mind', 'histories'] });
        }
        setCurrent((c) => c && { ...c, markdown: md });
      },
    });
    void run.settled.then(settle);
  };

  const open = async (id: number) => {
    setDrawerOpen(false);
    if (streaming || current?.id === id) return;
    try {
      const d = await fetchMind(id);
      setCurrent({ id: d.id, title: d.title, prompt: d.prompt, markdown: d.markdown, status: d.status, document: d.document, key: nextKey() });
      setView('map');
    } catch {
      /* the http client showed why */
    }
  };

  const remove = async (m: MindSummary) => {
    await deleteMind(m.id);
    toast.success(t('deleted'));
    if (current?.id === m.id) setCurrent(null);
    void client.invalidateQueries({ queryKey: ['mind', 'histories'] });
  };

  const apply = async () => {
    if (!current) return;
    if (!edit.trim()) {
      toast.error(t('emptyMarkdown'));
      return;
    }
    if (current.id !== null) {
      const d = await saveMind(current.id, edit);
      setCurrent({ ...current, markdown: d.markdown, title: d.title, status: d.status });
      void client.invalidateQueries({ queryKey: ['mind', 'histories'] });
    } else setCurrent({ ...current, markdown: edit });
    setView('map');
    toast.success(t('applied'));
  };

  // The exporters and the importer (fflate, the SVG builder) load when first used.
  const exportSvg = async () => {
    const root = canvas.current?.placed();
    if (!root || !current) return toast.error(t('exportFailed'));
    try {
      const { mapSvg } = await import('../exporters.ts');
      download(new Blob([mapSvg(root).svg], { type: 'image/svg+xml' }), fileNameOf(current.title, 'svg'));
      toast.success(t('exported'));
    } catch {
      toast.error(t('exportFailed'));
    }
  };

  const exportPng = async () => {
    const root = canvas.current?.placed();
    if (!root || !current) return toast.error(t('exportFailed'));
    try {
      const { mapSvg, svgToPng } = await import('../exporters.ts');
      download(await svgToPng(mapSvg(root)), fileNameOf(current.title, 'png'));
      toast.success(t('exported'));
    } catch {
      toast.error(t('exportFailed'));
    }
  };

  const exportXmind = async () => {
    if (!current) return;
    try {
      const { mapXmind } = await import('../exporters.ts');
      download(mapXmind(current.markdown, current.title), fileNameOf(current.title, 'xmind'));
      toast.success(t('exported'));
    } catch {
      toast.error(t('exportFailed'));
    }
  };

  /**
   * A picked .xmind or .md becomes a new map, shown in the markdown editor to continue it: saved to
   * the history when logged in, kept on this screen for a guest.
   */
  const importFile = async (file: File) => {
    if (streaming) return;
    let map: { title: string; markdown: string };
    try {
      const { importMindFile } = await import('../import.ts');
      map = await importMindFile(file);
    } catch (e) {
      const problem = e instanceof Error && e.name === 'MindImportError' ? e.message : 'failed';
      toast.error(t(`import_${problem}`));
      return;
    }
    let saved: MindDetail | null = null;
    if (useSession.getState().token) {
      try {
        saved = await importMind(map.markdown);
      } catch {
        return; // the http client showed why
      }
      void client.invalidateQueries({ queryKey: ['mind', 'histories'] });
    }
    const markdown = saved?.markdown ?? map.markdown;
    setCurrent({ id: saved?.id ?? null, title: saved?.title ?? map.title, prompt: saved?.prompt ?? map.title, markdown, status: 'complete', document: null, key: nextKey() });
    setEdit(markdown);
    setView('markdown');
    toast.success(t(saved ? 'imported' : 'importedLocal'));
  };

  const exportMd = () => {
    if (!current) return;
    download(new Blob([unfence(current.markdown)], { type: 'text/markdown;charset=utf-8' }), fileNameOf(current.title, 'md'));
    toast.success(t('exported'));
  };

  const copy = async () => {
    if (!current) return;
    if (await copyText(unfence(current.markdown))) toast.success(t('copied'));
    else toast.error(t('exportFailed'));
  };

  const hasMap = !!current && (streaming || !!current.markdown);
  const stop = () => void currentRun(MIND_RUN)?.stop();
  const startNew = () => {
    if (!streaming) setCurrent(null);
    setDrawerOpen(false);
  };

  return {
    token,
    features,
    draft,
    setDraft,
    source,
    setSource,
    modelCode,
    setModel,
    current,
    streaming,
    hasMap,
    view,
    setView,
    edit,
    setEdit,
    drawerOpen,
    setDrawerOpen,
    confirm,
    setConfirm,
    canvas,
    maps,
    mapsLoading: list.isLoading,
    generate,
    stop,
    open,
    remove,
    apply,
    importFile,
    exportSvg,
    exportPng,
    exportXmind,
    exportMd,
    copy,
    startNew,
  };
}
