import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import {
  ClipboardCopy, Expand, FileCode2, FileDown, FileImage, FileUp, FolderOpen, ListCollapse, Maximize, Network, PencilLine, RefreshCw, Send, Square, Trash2, Workflow, ZoomIn, ZoomOut,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HistoryPanel } from '../../components/HistoryPanel.tsx';
import { ModelSelect } from '../../components/ModelSelect.tsx';
import type { MindCreateReply, MindDetail, MindStreamEvent, MindSummary } from '@app/shared';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DocumentPicker } from '../../components/DocumentPicker.tsx';
import { Drawer } from '../../components/Drawer.tsx';
import { SidebarToggle } from '../../components/SidebarToggle.tsx';
import { actionButton, iconButton } from '../../components/styles.ts';
import { copyText } from '../../lib/clipboard.ts';
import { useSession } from '../../lib/session.ts';
import { readRecord } from '../../lib/stream-run/record.ts';
import { abortRun, currentRun, resumeRun, startRun, type RunOutcome } from '../../lib/stream-run/run.ts';
import { toast } from '../../lib/toast.ts';
import { useHistoryColumn, useIsMobile } from '../../lib/useIsMobile.ts';
import { createMind, deleteMind, fetchMind, fetchMinds, importMind, MIND_STREAM_URL, saveMind, stopMind } from './api.ts';
import type { MindCanvasHandle } from './MindCanvas.tsx';
import { download, fileNameOf, unfence } from './markdown.ts';
import './locales.ts';

// markmap (d3 + the transformer) is its own chunk, fetched when a map is first shown.
const MindCanvas = lazy(() => import('./MindCanvas.tsx'));

const MIND_RUN = 'mind';
/** What the import button accepts (the import module says why anything else is refused). */
const IMPORT_ACCEPT = '.xmind,.md,.markdown,.txt';

interface Current {
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

type Source = NonNullable<MindDetail['document']>;

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

/** /mind: a topic or a pasted text becomes a markmap drawn live while the outline streams. */
export default function MindPage() {
  const { t } = useTranslation('mind');
  const mobile = useIsMobile();
  const column = useHistoryColumn();
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
  const importInput = useRef<HTMLInputElement>(null);

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
      const { mapSvg } = await import('./exporters.ts');
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
      const { mapSvg, svgToPng } = await import('./exporters.ts');
      download(await svgToPng(mapSvg(root)), fileNameOf(current.title, 'png'));
      toast.success(t('exported'));
    } catch {
      toast.error(t('exportFailed'));
    }
  };

  const exportXmind = async () => {
    if (!current) return;
    try {
      const { mapXmind } = await import('./exporters.ts');
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
      const { importMindFile } = await import('./import.ts');
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
  const suggestions = t('suggestionList').split('|');
  const historyList = (
    <MindHistory maps={maps} loading={list.isLoading} activeId={current?.id ?? null} guest={!token} onOpen={(id) => void open(id)} onDelete={setConfirm} onNew={() => { if (!streaming) setCurrent(null); setDrawerOpen(false); }} />
  );

  return (
    <div className="flex h-full min-h-0 overflow-hidden [--mind-canvas-bg:var(--color-neutral-50)] dark:[--mind-canvas-bg:var(--color-neutral-900)]">
      {column && (
        <aside className="w-[260px] shrink-0 border-r border-neutral-200/70 bg-neutral-50/70 dark:border-neutral-800 dark:bg-neutral-900/40">
          {historyList}
        </aside>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-[52px] shrink-0 items-center gap-1 border-b border-neutral-100 px-2 md:h-14 md:px-4 dark:border-neutral-800/80">
          <SidebarToggle />
          {!column && (
            <button type="button" onClick={() => setDrawerOpen(true)} aria-label={t('history')} title={t('history')} className={iconButton}>
              <FolderOpen className="size-[18px]" aria-hidden />
            </button>
          )}
          <h1 className="min-w-0 flex-1 truncate px-1 text-[15px] font-medium">{current?.title || t('title')}</h1>
          <ModelSelect features={features} value={modelCode} disabled={streaming} label={t('model')} onChange={setModel} />
        </header>

        <section className="relative min-h-0 flex-1 bg-neutral-50 dark:bg-neutral-900/60" aria-label={t('title')}>
          {hasMap ? (
            <>
              <div className={clsx('absolute inset-0', view === 'map' ? 'visible' : 'invisible')} data-testid="mind-canvas">
                <Suspense fallback={<p className="p-6 text-sm text-neutral-400">{t('loading')}</p>}>
                  <MindCanvas ref={canvas} markdown={current.markdown} streaming={streaming} mapKey={current.key} />
                </Suspense>
              </div>
              {view === 'markdown' && (
                <div className="absolute inset-0 flex flex-col gap-2 p-3 md:p-4">
                  <label htmlFor="mind-md" className="sr-only">
                    {t('viewMarkdown')}
                  </label>
                  <textarea
                    id="mind-md"
                    value={edit}
                    onChange={(e) => setEdit(e.target.value)}
                    spellCheck={false}
                    className="min-h-0 flex-1 resize-none rounded-xl border border-neutral-200 bg-white p-3 font-mono text-[13px] leading-6 text-neutral-800 outline-none focus:border-primary dark:border-neutral-700 dark:bg-neutral-950 dark:text-neutral-100"
                  />
                  <div className="flex justify-end">
                    <button type="button" onClick={() => void apply()} className="inline-flex h-9 items-center gap-1.5 rounded-lg bg-primary px-4 text-sm font-medium text-white hover:bg-primary-hover">
                      <PencilLine className="size-4" aria-hidden />
                      {t('apply')}
                    </button>
                  </div>
                </div>
              )}
              <div className="absolute top-2 left-2 flex rounded-lg border border-neutral-200 bg-white p-0.5 text-[13px] shadow-sm dark:border-neutral-700 dark:bg-neutral-900" role="group" aria-label={t('views')}>
                {(['map', 'markdown'] as const).map((v) => (
                  <button
                    key={v}
                    type="button"
                    aria-pressed={view === v}
                    disabled={streaming && v === 'markdown'}
                    onClick={() => {
                      if (v === 'markdown') setEdit(unfence(current.markdown));
                      setView(v);
                    }}
                    className={clsx('h-7 rounded-md px-2.5 disabled:opacity-40', view === v ? 'bg-primary-soft font-medium text-primary-fg' : 'text-neutral-600 dark:text-neutral-300')}
                  >
                    {v === 'map' ? t('viewMap') : t('viewMarkdown')}
                  </button>
                ))}
              </div>
              {view === 'map' && (
                <div className="absolute top-2 right-2 flex flex-col rounded-lg border border-neutral-200 bg-white p-0.5 shadow-sm dark:border-neutral-700 dark:bg-neutral-900" role="toolbar" aria-label={t('title')}>
                  <ToolButton label={t('zoomIn')} onClick={() => canvas.current?.zoomIn()} icon={ZoomIn} />
                  <ToolButton label={t('zoomOut')} onClick={() => canvas.current?.zoomOut()} icon={ZoomOut} />
                  <ToolButton label={t('fit')} onClick={() => canvas.current?.fit()} icon={Maximize} />
                  <ToolButton label={t('expandAll')} onClick={() => canvas.current?.expandAll()} icon={Expand} />
                  <ToolButton label={t('collapseAll')} onClick={() => canvas.current?.collapseAll()} icon={ListCollapse} />
                </div>
              )}
              {streaming && (
                <p role="status" className="absolute bottom-2 left-1/2 -translate-x-1/2 rounded-full bg-white/90 px-3 py-1 text-xs text-neutral-600 shadow-sm dark:bg-neutral-800/90 dark:text-neutral-300">
                  {t('generating')}
                </p>
              )}
            </>
          ) : (
            <div className="flex h-full flex-col items-center justify-center gap-4 overflow-y-auto px-6 py-8 text-center">
              <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary-fg">
                <Network className="size-7" aria-hidden />
              </span>
              <div>
                <h2 className="text-lg font-semibold">{t('emptyTitle')}</h2>
                <p className="mt-1 max-w-md text-sm leading-6 text-neutral-500 dark:text-neutral-400">{t('emptyLine')}</p>
              </div>
              <div className="flex max-w-lg flex-wrap justify-center gap-2" aria-label={t('suggestions')}>
                {suggestions.map((s) => (
                  <button key={s} type="button" onClick={() => generate(s)} className="rounded-full border border-neutral-200 bg-white px-3 py-1.5 text-[13px] text-neutral-700 hover:border-primary hover:text-primary-fg dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-200">
                    {s}
                  </button>
                ))}
              </div>
              <button type="button" onClick={() => importInput.current?.click()} className="inline-flex items-center gap-1.5 text-[13px] text-neutral-500 hover:text-primary-fg dark:text-neutral-400">
                <FileUp className="size-4" aria-hidden />
                {t('importLong')}
              </button>
            </div>
          )}
          <input
            ref={importInput}
            type="file"
            hidden
            accept={IMPORT_ACCEPT}
            data-testid="mind-import-input"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void importFile(file);
            }}
          />
        </section>

        {hasMap && !streaming && (
          <div className="flex shrink-0 items-center gap-1 overflow-x-auto border-t border-neutral-100 px-2 py-1.5 md:px-4 dark:border-neutral-800/80" role="toolbar" aria-label={t('more')}>
            <ActionButton label={t('regenerate')} icon={RefreshCw} onClick={() => generate(current.prompt, current.id ?? undefined, current.document)} />
            <ActionButton label={t('exportPng')} icon={FileImage} onClick={() => void exportPng()} />
            <ActionButton label={t('exportSvg')} icon={FileCode2} onClick={() => void exportSvg()} />
            <ActionButton label={t('exportXmind')} icon={Workflow} onClick={() => void exportXmind()} />
            <ActionButton label={t('exportMd')} icon={FileDown} onClick={exportMd} />
            <ActionButton label={t('copy')} icon={ClipboardCopy} onClick={() => void copy()} />
            <ActionButton label={t('import')} icon={FileUp} onClick={() => importInput.current?.click()} />
          </div>
        )}

        <form
          className="shrink-0 border-t border-neutral-100 bg-white px-3 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] md:px-4 dark:border-neutral-800/80 dark:bg-neutral-950"
          onSubmit={(e) => {
            e.preventDefault();
            generate(draft, undefined, source);
          }}
        >
          {!streaming && (
            <DocumentPicker className="mb-1.5 px-1" value={source?.token ?? null} onChange={(d) => setSource(d ? { token: d.token, title: d.title } : null)} />
          )}
          <div className="flex items-end gap-2 rounded-2xl border border-neutral-200 bg-white p-1.5 pl-3 focus-within:border-primary dark:border-neutral-700 dark:bg-neutral-900">
            <label htmlFor="mind-prompt" className="sr-only">
              {t('placeholderShort')}
            </label>
            <textarea
              id="mind-prompt"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey && !mobile && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  generate(draft, undefined, source);
                }
              }}
              rows={mobile ? 1 : 2}
              placeholder={source ? t(mobile ? 'placeholderDocumentShort' : 'placeholderDocument') : mobile ? t('placeholderShort') : t('placeholder')}
              className="max-h-40 min-h-9 flex-1 resize-none bg-transparent py-1.5 text-[15px] leading-6 outline-none placeholder:text-neutral-400"
            />
            {streaming ? (
              <button type="button" onClick={() => void currentRun(MIND_RUN)?.stop()} aria-label={t('stop')} title={t('stop')} className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-neutral-900 text-white dark:bg-white dark:text-neutral-900">
                <Square className="size-3.5 fill-current" aria-hidden />
              </button>
            ) : (
              <button type="submit" disabled={!draft.trim() && !source} aria-label={t('generate')} title={t('generate')} className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-primary text-white hover:bg-primary-hover disabled:opacity-40">
                <Send className="size-4" aria-hidden />
              </button>
            )}
          </div>
        </form>
      </div>
      {!column && (
        <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} title={t('history')}>
          {historyList}
        </Drawer>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={t('delete')}
        description={t('deleteConfirm', { title: confirm?.title ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        onConfirm={() => confirm && void remove(confirm)}
        onClose={() => setConfirm(null)}
      />
    </div>
  );
}

function ToolButton({ label, onClick, icon: Icon }: { label: string; onClick(): void; icon: typeof ZoomIn }) {
  return (
    <button type="button" onClick={onClick} aria-label={label} title={label} className={actionButton}>
      <Icon className="size-4" aria-hidden />
    </button>
  );
}

function ActionButton({ label, onClick, icon: Icon }: { label: string; onClick(): void; icon: typeof ZoomIn }) {
  return (
    <button type="button" onClick={onClick} aria-label={label} title={label} className={clsx(actionButton, 'shrink-0 gap-1.5 px-2.5 text-[13px]')}>
      <Icon className="size-4" aria-hidden />
      <span className="hidden sm:inline">{label}</span>
    </button>
  );
}

interface HistoryProps {
  maps: MindSummary[];
  loading: boolean;
  activeId: number | null;
  guest: boolean;
  onOpen(id: number): void;
  onDelete(m: MindSummary): void;
  onNew(): void;
}

function MindHistory({ maps, loading, activeId, guest, onOpen, onDelete, onNew }: HistoryProps) {
  const { t } = useTranslation('mind');
  return (
    <HistoryPanel
      texts={{ new: t('newMap'), title: t('history'), guest: t('guest'), login: t('login'), empty: t('historyEmpty') }}
      guest={guest}
      loading={loading}
      empty={maps.length === 0}
      skeletonClass="h-9"
      onNew={onNew}
    >
      {maps.map((m) => (
        <li key={m.id} className={clsx('group flex items-center rounded-lg', activeId === m.id ? 'bg-primary-soft' : 'hover:bg-neutral-100 dark:hover:bg-neutral-800')}>
          <button type="button" onClick={() => onOpen(m.id)} aria-current={activeId === m.id ? 'true' : undefined} className="flex min-w-0 flex-1 items-center gap-2 px-2.5 py-2 text-left text-[13px]">
            <Network className="size-3.5 shrink-0 text-neutral-400" aria-hidden />
            <span className={clsx('truncate', activeId === m.id && 'font-medium text-primary-fg')}>{m.title}</span>
            {m.status !== 'complete' && <span className="shrink-0 text-[11px] text-neutral-400">{t(`status_${m.status}`)}</span>}
          </button>
          <button type="button" onClick={() => onDelete(m)} aria-label={`${t('delete')} ${m.title}`} className={clsx(actionButton, 'mr-1 opacity-100 md:opacity-0 md:group-hover:opacity-100 md:focus:opacity-100')}>
            <Trash2 className="size-3.5" aria-hidden />
          </button>
        </li>
      ))}
    </HistoryPanel>
  );
}
