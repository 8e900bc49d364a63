import { lazy, Suspense, useRef } from 'react';
import { clsx } from 'clsx';
import {
  ClipboardCopy, Expand, FileCode2, FileDown, FileImage, FileUp, FolderOpen, ListCollapse, Maximize, Network, PencilLine, RefreshCw, Send, Square, Workflow, ZoomIn, ZoomOut,
} from 'lucide-react';
import { ModelSelect } from '../../components/ModelSelect.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DocumentPicker } from '../../components/DocumentPicker.tsx';
import { Drawer } from '../../components/Drawer.tsx';
import { SidebarToggle } from '../../components/SidebarToggle.tsx';
import { iconButton } from '../../components/styles.ts';
import { useHistoryColumn, useIsMobile } from '../../lib/useIsMobile.ts';
import { ActionButton, MindHistory, ToolButton } from './components/MindHistory.tsx';
import { useMindController } from './controller/useMindController.ts';
import { unfence } from './markdown.ts';
import './locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

// markmap (d3 + the transformer) is its own chunk, fetched when a map is first shown.
const MindCanvas = lazy(() => import('./MindCanvas.tsx'));

/** What the import button accepts (the import module says why anything else is refused). */
const IMPORT_ACCEPT = '.xmind,.md,.markdown,.txt';

/** /mind: a topic or a pasted text becomes a markmap drawn live while the outline streams. State and calls: controller/useMindController. */
export default function MindPage() {
  const { t } = useTranslation('mind');
  const mobile = useIsMobile();
  const column = useHistoryColumn();
  const importInput = useRef<HTMLInputElement>(null);
  const {
    token, features, draft, setDraft, source, setSource, modelCode, setModel, current, streaming, hasMap, view, setView, edit, setEdit, drawerOpen, setDrawerOpen, confirm, setConfirm, canvas, maps, mapsLoading,
    generate, stop, open, remove, apply, importFile, exportSvg, exportPng, exportXmind, exportMd, copy, startNew,
  } = useMindController();
  const suggestions = t('suggestionList').split('|');
  const historyList = (
    <MindHistory maps={maps} loading={mapsLoading} activeId={current?.id ?? null} guest={!token} onOpen={(id) => void open(id)} onDelete={setConfirm} onNew={startNew} />
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
          {hasMap && current ? (
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

        {hasMap && current && !streaming && (
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
              <button type="button" onClick={stop} aria-label={t('stop')} title={t('stop')} className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-neutral-900 text-white dark:bg-white dark:text-neutral-900">
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

