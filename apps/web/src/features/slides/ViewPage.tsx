import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from '../../lib/router/index.tsx';
import { ArrowLeft, Download, FileDown, Loader2, PencilLine, Play } from 'lucide-react';
import type { DeckView } from '@app/shared';
import { SLIDE_THEMES, slideTheme } from '@app/shared/slides';
import { SidebarToggle } from '../../components/SidebarToggle.tsx';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { downloadPptx, slidesApi, slidesKeys } from './api.ts';
import { DeckHistory } from './components/DeckHistory.tsx';
import { Presenter } from './components/Presenter.tsx';
import { SlideCanvas } from './components/SlideCanvas.tsx';
import { SlideEditor } from './components/SlideEditor.tsx';
import { previewPages } from './pages.ts';
import './locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

const toolButton =
  'inline-flex h-9 items-center gap-1.5 rounded-lg border border-neutral-200 bg-white px-3 text-sm text-neutral-700 transition-colors hover:bg-neutral-50 disabled:opacity-50 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-200 dark:hover:bg-neutral-800';

const presentButton = 'inline-flex h-9 items-center gap-1.5 rounded-lg bg-primary px-4 text-sm font-medium text-white transition-colors hover:bg-primary-hover';

/** /view: one deck (GET /api/aippt/ppt/viewContent) — preview, themes, text edits, present, download; without an id, the history. */
export default function ViewPage() {
  const { t } = useTranslation('slides');
  const { t: ta } = useTranslation('app');
  const token = useSession((s) => s.token);
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const qc = useQueryClient();
  const decksQ = useQuery({ queryKey: slidesKeys.list(token), queryFn: () => slidesApi.list().then((r) => r.list), enabled: !id && !!token });
  const decks = token ? (decksQ.isError ? [] : (decksQ.data ?? null)) : [];
  const deckQ = useQuery({ queryKey: slidesKeys.deck(id ?? 0), queryFn: () => slidesApi.view(id!, true), enabled: !!id && !!token });
  const deck = id && token ? (deckQ.data ?? null) : null;
  const missing = !!id && !!token && deckQ.isError;
  const setDeck = (d: DeckView) => qc.setQueryData(slidesKeys.deck(d.id), d);
  const [current, setCurrent] = useState(0);
  const [presenting, setPresenting] = useState(false);
  const [editing, setEditing] = useState(false);
  const [downloading, setDownloading] = useState<'pptx' | 'pdf' | null>(null);
  useEffect(() => setCurrent(0), [id]);

  const theme = slideTheme(deck?.theme);
  const pages = useMemo(() => (deck ? previewPages(deck) : []), [deck]);
  const page = pages[current];
  const slide = page?.slide;

  const switchTheme = async (themeId: string) => {
    if (!deck || themeId === deck.theme) return;
    setDeck({ ...deck, theme: themeId });
    try {
      setDeck(await slidesApi.theme(deck.id, themeId));
      toast.success(t('view.themeSaved', { name: slideTheme(themeId).name }));
    } catch {
      setDeck(deck);
    }
  };
  const download = async (format: 'pptx' | 'pdf') => {
    if (!deck) return;
    setDownloading(format);
    try {
      await downloadPptx(deck.id, deck.title, format);
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setDownloading(null);
    }
  };

  const header = (
    <header className="flex h-12 shrink-0 items-center gap-1 border-b border-neutral-100 bg-white px-2 dark:border-neutral-800 dark:bg-neutral-900">
      <span className="md:hidden">
        <SidebarToggle />
      </span>
      {id && (
        <Link to="/view" className="rounded-lg p-2 text-neutral-500 hover:bg-neutral-100 dark:hover:bg-neutral-800" aria-label={t('view.back')}>
          <ArrowLeft className="size-4" aria-hidden />
        </Link>
      )}
      <h1 className="min-w-0 flex-1 truncate px-1 text-[15px] font-medium">{deck?.title ?? ta('route.View')}</h1>
      {deck?.offline && <span className="mr-2 shrink-0 rounded-full bg-amber-50 px-2 py-0.5 text-xs text-amber-800 dark:bg-amber-500/10 dark:text-amber-200">{t('offline')}</span>}
    </header>
  );

  if (!id) {
    return (
      <div className="flex h-full flex-col bg-neutral-50 dark:bg-neutral-950" data-testid="view-page">
        {header}
        <div className="min-h-0 flex-1 overflow-y-auto">
          <div className="mx-auto max-w-2xl px-4 pt-5 pb-[calc(env(safe-area-inset-bottom)+96px)] sm:px-6">
            <p className="mb-3 text-sm text-neutral-500 dark:text-neutral-400">{t('view.pick')}</p>
            <DeckHistory decks={decks} onRemoved={() => void qc.invalidateQueries({ queryKey: ['slides', 'list'] })} />
          </div>
        </div>
      </div>
    );
  }

  return (
    <div className="flex h-full flex-col bg-neutral-100 dark:bg-neutral-950" data-testid="view-page">
      {header}
      {missing ? (
        <p className="p-10 text-center text-sm text-neutral-500">{t('history.empty')}</p>
      ) : !deck ? (
        <div className="flex flex-1 items-center justify-center" role="status" aria-label={t('view.slides')}>
          <Loader2 className="size-6 animate-spin text-primary" aria-hidden />
        </div>
      ) : deck.status !== 'done' || !slide ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
          <p className="text-sm text-neutral-600 dark:text-neutral-300">{t('view.notReady')}</p>
          <Link to={`/aippt?id=${deck.id}`} className="rounded-xl bg-primary px-5 py-2 text-sm font-medium text-white hover:bg-primary-hover">
            {t('view.toEditor')}
          </Link>
        </div>
      ) : (
        <div className="flex min-h-0 flex-1 flex-col lg:flex-row">
          <ol className="order-2 flex gap-2 overflow-x-auto border-t border-neutral-200/70 bg-white p-2 lg:order-1 lg:w-52 lg:flex-col lg:overflow-x-visible lg:overflow-y-auto lg:border-t-0 lg:border-r dark:border-neutral-800 dark:bg-neutral-900" aria-label={t('view.slides')}>
            {pages.map(({ slide: s }, i) => (
              <li key={i} className="shrink-0">
              <button
                type="button"
                onClick={() => setCurrent(i)}
                aria-current={i === current ? 'true' : undefined}
                aria-label={`${t('view.slide', { n: i + 1 })}：${s.title}`}
                className={`relative w-32 shrink-0 rounded-md p-0.5 lg:w-full ${i === current ? 'ring-2 ring-primary' : 'ring-1 ring-neutral-200 hover:ring-neutral-400 dark:ring-neutral-700'}`}
              >
                <SlideCanvas slide={s} theme={theme} className="pointer-events-none rounded" label="" />
                <span className="absolute bottom-1 left-1.5 rounded bg-black/70 px-1 text-[10px] text-white tabular-nums">{i + 1}</span>
              </button>
              </li>
            ))}
          </ol>
          <div className="order-1 flex min-h-0 flex-1 flex-col overflow-y-auto lg:order-2">
            <div className="flex flex-wrap items-center gap-2 px-3 pt-3 sm:px-6">
              <button type="button" className={presentButton} onClick={() => setPresenting(true)}>
                <Play className="size-4" aria-hidden />
                {t('view.present')}
              </button>
              <button type="button" className={toolButton} onClick={() => void download('pptx')} disabled={downloading !== null}>
                {downloading === 'pptx' ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Download className="size-4" aria-hidden />}
                {downloading === 'pptx' ? t('view.downloading') : t('view.download')}
              </button>
              {deck.pdf && (
                <button type="button" className={toolButton} onClick={() => void download('pdf')} disabled={downloading !== null}>
                  {downloading === 'pdf' ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <FileDown className="size-4" aria-hidden />}
                  {downloading === 'pdf' ? t('view.downloadingPdf') : t('view.downloadPdf')}
                </button>
              )}
              <button type="button" className={toolButton} onClick={() => setEditing(true)}>
                <PencilLine className="size-4" aria-hidden />
                {t('view.edit')}
              </button>
              <span className="ml-auto text-xs text-neutral-600 tabular-nums dark:text-neutral-300">{t('view.counter', { n: current + 1, total: pages.length })}</span>
            </div>
            <div className="px-3 pt-3 sm:px-6">
              <SlideCanvas slide={slide} theme={theme} number={current + 1} className="rounded-lg shadow-md" />
            </div>
            <div className="grid gap-3 px-3 pt-4 pb-[calc(env(safe-area-inset-bottom)+96px)] sm:px-6 md:pb-6 xl:grid-cols-[1fr_280px]">
              <section className="rounded-xl bg-white p-3 text-sm dark:bg-neutral-900">
                <h2 className="mb-1 text-xs font-semibold text-neutral-500 dark:text-neutral-400">{t('view.notes')}</h2>
                <p className="leading-6 whitespace-pre-wrap text-neutral-700 dark:text-neutral-200">{slide.notes || t('view.noNotes')}</p>
              </section>
              <section className="rounded-xl bg-white p-3 dark:bg-neutral-900" aria-label={t('view.theme')}>
                <h2 className="mb-2 text-xs font-semibold text-neutral-500 dark:text-neutral-400">{t('view.theme')}</h2>
                <div className="grid grid-cols-3 gap-2" role="radiogroup" aria-label={t('view.theme')}>
                  {SLIDE_THEMES.map((th) => (
                    <button
                      key={th.id}
                      type="button"
                      role="radio"
                      aria-checked={deck.theme === th.id}
                      onClick={() => void switchTheme(th.id)}
                      className={`flex flex-col items-center gap-1 rounded-lg p-1.5 text-xs ${deck.theme === th.id ? 'bg-primary-soft font-medium text-primary-fg ring-2 ring-primary' : 'text-neutral-600 hover:bg-neutral-50 dark:text-neutral-300 dark:hover:bg-neutral-800'}`}
                    >
                      <span className="flex h-7 w-full overflow-hidden rounded ring-1 ring-black/10" aria-hidden>
                        <span className="flex-1" style={{ background: `#${th.coverBackground}` }} />
                        <span className="w-1/4" style={{ background: `#${th.accent}` }} />
                        <span className="w-1/4" style={{ background: `#${th.background}` }} />
                      </span>
                      {th.name}
                    </button>
                  ))}
                </div>
              </section>
            </div>
          </div>
        </div>
      )}
      {presenting && deck && <Presenter slides={pages.map((p) => p.slide)} theme={theme} start={current} onClose={(at) => { setPresenting(false); setCurrent(at); }} />}
      {editing && deck && page && deck.slides[page.index] && (
        <SlideEditor
          deckId={deck.id}
          index={page.index}
          slide={deck.slides[page.index]!}
          onClose={() => setEditing(false)}
          onSaved={(d) => {
            setDeck(d);
            setEditing(false);
          }}
        />
      )}
    </div>
  );
}
