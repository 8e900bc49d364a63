import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Loader2, Presentation, RotateCcw, Sparkles, WandSparkles } from 'lucide-react';
import type { DeckSummary, DeckView } from '@app/shared';
import { Code } from '@app/shared/codes';
import { DECK_AUDIENCES, DECK_LANGUAGES, DECK_PAGES_MAX, DECK_PAGES_MIN, DECK_SOURCE_MAX, DECK_TOPIC_MAX, parseOutline, slideTheme } from '@app/shared/slides';
import { DocumentPicker } from '../../components/DocumentPicker.tsx';
import { SidebarToggle } from '../../components/SidebarToggle.tsx';
import { ApiError } from '../../lib/http.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { slidesApi, streamOutline } from './api.ts';
import { DeckHistory } from './components/DeckHistory.tsx';
import { cleanOutline, OutlineEditor, type EditableOutline } from './components/OutlineEditor.tsx';
import { SlideCanvas } from './components/SlideCanvas.tsx';
import { previewPages } from './pages.ts';
import './locales.ts';

const POLL_MS = 1500;
const field =
  'w-full rounded-xl border border-neutral-200 bg-white px-3.5 py-2.5 text-[15px] text-neutral-900 outline-none focus:border-primary focus:ring-2 focus:ring-primary/20 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-50';
const primaryButton =
  'inline-flex h-11 items-center justify-center gap-2 rounded-xl bg-primary px-6 text-[15px] font-medium text-white transition-colors hover:bg-primary-hover disabled:cursor-not-allowed disabled:opacity-60';

/** /aippt: topic → streamed outline → edit → slides written by a background job (SPEC §1 AI PPT). */
export default function AipptPage() {
  const { t } = useTranslation('slides');
  const token = useSession((s) => s.token);
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const [decks, setDecks] = useState<DeckSummary[] | null>(null);
  const [deck, setDeck] = useState<DeckView | null>(null);
  const [streamText, setStreamText] = useState<string | null>(null);
  const [balance, setBalance] = useState<number | null>(null);
  const [reload, setReload] = useState(0);
  const dialog = useSession((s) => s.dialog);

  const loadDecks = useCallback(() => {
    if (!useSession.getState().token) return setDecks([]);
    slidesApi.list().then((r) => setDecks(r.list), () => setDecks([]));
  }, []);
  const loadBalance = useCallback(() => {
    slidesApi.packages().then((r) => setBalance(r.balance), () => {});
  }, []);
  useEffect(() => {
    loadDecks();
    loadBalance();
  }, [token, loadDecks, loadBalance]);
  // A package bought in the ppt or pay dialog shows at once.
  useEffect(() => {
    if (dialog === null) loadBalance();
  }, [dialog, loadBalance]);

  // The deck in the address: loaded, and polled while the server works on it.
  useEffect(() => {
    setDeck(null);
    if (!id || !token) return;
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let polled = false;
    const load = () =>
      slidesApi.view(id, true).then(
        (d) => {
          if (!alive) return;
          setDeck(d);
          if (d.status === 'generating' || d.status === 'outlining') {
            polled = true;
            timer = setTimeout(() => void load(), POLL_MS);
          } else if (polled) loadDecks(); // the history shows the new status too
        },
        () => alive && setDeck(null),
      );
    void load();
    return () => {
      alive = false;
      if (timer) clearTimeout(timer);
    };
  }, [id, token, reload, loadDecks]);

  const onStarted = (deckId: number) => {
    setParams({ id: String(deckId) }, { replace: false });
    loadDecks();
  };

  return (
    <div className="flex h-full flex-col bg-neutral-50 dark:bg-neutral-950" data-testid="aippt-page">
      <header className="flex h-12 shrink-0 items-center gap-1 border-b border-neutral-100 bg-white px-2 md:hidden dark:border-neutral-800 dark:bg-neutral-900">
        <SidebarToggle />
        <span className="truncate text-[15px] font-medium">{t('title')}</span>
      </header>
      <div className="flex min-h-0 flex-1">
        <aside className="hidden w-72 shrink-0 overflow-y-auto border-r border-neutral-200/70 bg-white p-3 lg:block dark:border-neutral-800 dark:bg-neutral-900">
          <DeckHistory decks={decks} activeId={id} onRemoved={(rid) => (rid === id ? setParams({}) : loadDecks())} />
        </aside>
        <main className="min-w-0 flex-1 overflow-y-auto">
          <div className="mx-auto flex max-w-3xl flex-col gap-5 px-4 pt-5 pb-[calc(env(safe-area-inset-bottom)+96px)] sm:px-6 md:pt-8 md:pb-12">
            {!id ? (
              <>
                <Intro />
                <DeckForm
                  onStarted={onStarted}
                  onStream={setStreamText}
                  onDone={() => {
                    setReload((n) => n + 1);
                    loadDecks();
                  }}
                />
                <div className="lg:hidden">
                  <DeckHistory decks={decks} onRemoved={loadDecks} showNew={false} />
                </div>
              </>
            ) : streamText !== null && (!deck || deck.status === 'outlining') ? (
              <StreamingOutline text={streamText} />
            ) : !deck ? (
              <div className="flex justify-center py-20" role="status" aria-label={t('outline.streaming')}>
                <Loader2 className="size-6 animate-spin text-primary" aria-hidden />
              </div>
            ) : deck.status === 'outlining' ? (
              <StreamingOutline text="" />
            ) : deck.status === 'generating' || deck.status === 'done' ? (
              <Progress deck={deck} onChanged={setDeck} />
            ) : (
              <OutlineStep
                key={deck.id}
                deck={deck}
                balance={balance}
                onGenerating={(d) => {
                  setDeck(d);
                  loadDecks();
                  loadBalance();
                  // Poll from here on (the effect polls a deck that is generating).
                  setReload((n) => n + 1);
                }}
              />
            )}
          </div>
        </main>
      </div>
    </div>
  );
}

function Intro() {
  const { t } = useTranslation('slides');
  return (
    <div className="flex items-start gap-3">
      <div className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-primary-soft text-primary-fg">
        <Presentation className="size-6" strokeWidth={1.7} aria-hidden />
      </div>
      <div>
        <h1 className="text-xl font-semibold tracking-tight text-neutral-900 dark:text-neutral-50">{t('title')}</h1>
        <p className="mt-1 text-sm leading-6 text-neutral-500 dark:text-neutral-400">{t('intro')}</p>
      </div>
    </div>
  );
}

function DeckForm({ onStarted, onStream, onDone }: { onStarted(id: number): void; onStream(text: string | null): void; onDone(): void }) {
  const { t } = useTranslation('slides');
  const [topic, setTopic] = useState('');
  const [text, setText] = useState('');
  const [showText, setShowText] = useState(false);
  const [document, setDocument] = useState<string | null>(null);
  const [audience, setAudience] = useState<string>(DECK_AUDIENCES[0]);
  const [pages, setPages] = useState(12);
  const [language, setLanguage] = useState<'zh-CN' | 'zh-TW' | 'en'>('zh-CN');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!useSession.getState().token) return useSession.getState().openLogin();
    if (!topic.trim()) return setError(t('form.needTopic'));
    setError(null);
    setBusy(true);
    try {
      const { secret, deckId } = await slidesApi.validate({ topic: topic.trim(), text: text.trim() || undefined, audience, pages, language, ...(document ? { document } : {}) });
      onStream('');
      onStarted(deckId);
      let acc = '';
      const abort = new AbortController();
      await streamOutline(secret, abort.signal, (ev) => {
        if (ev.type === 'delta') {
          acc += ev.text;
          onStream(acc);
        }
      });
    } catch (err) {
      if (err instanceof ApiError && err.message) setError(err.message);
    } finally {
      setBusy(false);
      onStream(null);
      onDone();
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4 rounded-2xl border border-neutral-200/70 bg-white p-4 shadow-xs sm:p-5 dark:border-neutral-800 dark:bg-neutral-900" noValidate>
      <label className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-neutral-700 dark:text-neutral-200">{t('form.topic')}</span>
        <input
          className={field}
          value={topic}
          maxLength={DECK_TOPIC_MAX}
          placeholder={t('form.topicPlaceholder')}
          onChange={(e) => setTopic(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'deck-form-error' : undefined}
          name="topic"
        />
      </label>
      <DocumentPicker
        value={document}
        disabled={busy}
        onChange={(d) => {
          setDocument(d?.token ?? null);
          // The document's title is a good first topic.
          if (d && !topic.trim()) setTopic(Array.from(d.title).slice(0, DECK_TOPIC_MAX).join(''));
        }}
      />
      {showText ? (
        <label className="flex flex-col gap-1.5">
          <span className="text-sm font-medium text-neutral-700 dark:text-neutral-200">{t('form.text')}</span>
          <textarea className={`${field} min-h-[120px] resize-y text-sm leading-6`} value={text} maxLength={DECK_SOURCE_MAX} placeholder={t('form.textPlaceholder')} onChange={(e) => setText(e.target.value)} />
        </label>
      ) : (
        <button type="button" onClick={() => setShowText(true)} className="self-start text-sm text-primary-fg underline-offset-2 hover:underline">
          + {t('form.showText')}
        </button>
      )}
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium text-neutral-700 dark:text-neutral-200">{t('form.audience')}</legend>
        <div className="flex flex-wrap gap-2">
          {DECK_AUDIENCES.map((a) => (
            <button
              key={a}
              type="button"
              aria-pressed={audience === a}
              onClick={() => setAudience(a)}
              className={`rounded-full border px-3.5 py-1.5 text-sm transition-colors ${
                audience === a ? 'border-primary bg-primary-soft font-medium text-primary-fg' : 'border-neutral-200 text-neutral-600 hover:border-neutral-300 dark:border-neutral-700 dark:text-neutral-300'
              }`}
            >
              {a}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="flex flex-col gap-1.5">
          <span className="flex justify-between text-sm font-medium text-neutral-700 dark:text-neutral-200">
            {t('form.pages')}
            <span className="font-semibold text-primary-fg tabular-nums">{t('form.pagesValue', { count: pages })}</span>
          </span>
          <input type="range" min={DECK_PAGES_MIN} max={DECK_PAGES_MAX} value={pages} onChange={(e) => setPages(Number(e.target.value))} className="h-10 accent-[var(--color-primary)]" />
        </label>
        <label className="flex flex-col gap-1.5">
          <span className="text-sm font-medium text-neutral-700 dark:text-neutral-200">{t('form.language')}</span>
          <select className={field} value={language} onChange={(e) => setLanguage(e.target.value as typeof language)}>
            {DECK_LANGUAGES.map((l) => (
              <option key={l.value} value={l.value}>
                {l.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error && (
        <p id="deck-form-error" role="alert" className="text-sm text-rose-600 dark:text-rose-400">
          {error}
        </p>
      )}
      <button type="submit" className={primaryButton} disabled={busy}>
        {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <WandSparkles className="size-4" aria-hidden />}
        {t('form.submit')}
      </button>
    </form>
  );
}

function StreamingOutline({ text }: { text: string }) {
  const { t } = useTranslation('slides');
  const parsed = parseOutline(text);
  const offline = text.includes('离线演示');
  return (
    <section aria-live="polite" aria-busy="true" className="flex flex-col gap-3">
      <h1 className="flex items-center gap-2 text-lg font-semibold">
        <Loader2 className="size-5 animate-spin text-primary" aria-hidden />
        {t('outline.streaming')}
      </h1>
      {offline && <OfflineNote />}
      {parsed.title && <p className="text-base font-semibold text-neutral-900 dark:text-neutral-50">{parsed.title}</p>}
      <ol className="flex flex-col gap-2">
        {parsed.sections.map((s, i) => (
          <li key={i} className="rounded-xl border border-neutral-200/80 bg-white p-3 dark:border-neutral-800 dark:bg-neutral-900">
            <p className="text-sm font-semibold">
              {i + 1}. {s.title}
            </p>
            <ul className="mt-1 list-disc pl-5 text-sm text-neutral-600 dark:text-neutral-300">
              {s.points.map((p, k) => (
                <li key={k}>{p}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}

function OfflineNote() {
  const { t } = useTranslation('slides');
  return (
    <p className="flex items-center gap-2 rounded-xl bg-amber-50 px-3 py-2 text-xs text-amber-800 dark:bg-amber-500/10 dark:text-amber-200">
      <Sparkles className="size-3.5 shrink-0" aria-hidden />
      <span>
        <strong>{t('offline')}</strong>：{t('offlineHint')}
      </span>
    </p>
  );
}

function OutlineStep({ deck, balance, onGenerating }: { deck: DeckView; balance: number | null; onGenerating(d: DeckView): void }) {
  const { t } = useTranslation('slides');
  const [value, setValue] = useState<EditableOutline>({ title: deck.title, sections: deck.outline.length ? deck.outline : [{ title: '', points: [] }] });
  const [pages, setPages] = useState(deck.pages);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(deck.error);
  const navigate = useNavigate();

  const generate = async () => {
    setBusy(true);
    setError(null);
    try {
      const saved = await slidesApi.saveOutline({ id: deck.id, ...cleanOutline(value), pages });
      await slidesApi.generate(deck.id);
      onGenerating({ ...saved, status: 'generating' });
    } catch (err) {
      // 508xxx opens the ppt dialog by itself; other refusals are shown here.
      if (err instanceof ApiError && err.code !== Code.PPT_QUOTA && err.message) setError(err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="flex flex-col gap-4">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h1 className="text-lg font-semibold text-neutral-900 dark:text-neutral-50">{t('outline.heading')}</h1>
          <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">{t('outline.hint')}</p>
          {deck.sourceTitle && (
            <p className="mt-1 text-xs text-neutral-500 dark:text-neutral-400" data-testid="deck-source">
              {t('outline.source', { title: deck.sourceTitle })}
            </p>
          )}
        </div>
        <button type="button" onClick={() => void navigate('/aippt')} className="inline-flex shrink-0 items-center gap-1 rounded-lg px-2 py-1.5 text-sm text-neutral-500 hover:bg-neutral-100 dark:hover:bg-neutral-800">
          <RotateCcw className="size-4" aria-hidden />
          {t('outline.restart')}
        </button>
      </div>
      {deck.offline && <OfflineNote />}
      <OutlineEditor value={value} onChange={setValue} disabled={busy} />
      <label className="flex flex-col gap-1.5 rounded-xl bg-white p-3 dark:bg-neutral-900">
        <span className="flex justify-between text-sm font-medium text-neutral-700 dark:text-neutral-200">
          {t('form.pages')}
          <span className="font-semibold text-primary-fg tabular-nums">{t('form.pagesValue', { count: pages })}</span>
        </span>
        <input type="range" min={DECK_PAGES_MIN} max={DECK_PAGES_MAX} value={pages} onChange={(e) => setPages(Number(e.target.value))} className="h-8 accent-[var(--color-primary)]" />
      </label>
      {error && (
        <p role="alert" className="rounded-xl bg-rose-50 px-3 py-2 text-sm text-rose-700 dark:bg-rose-500/10 dark:text-rose-300">
          {error}
        </p>
      )}
      <div className="sticky bottom-0 -mx-4 flex flex-col items-stretch gap-2 border-t border-neutral-200/70 bg-neutral-50/95 px-4 py-3 backdrop-blur sm:mx-0 sm:flex-row sm:items-center sm:justify-between sm:rounded-2xl sm:border dark:border-neutral-800 dark:bg-neutral-950/95">
        <p className="text-xs text-neutral-500 dark:text-neutral-400">
          {t('outline.cost', { count: balance ?? 0 })}
          {' · '}
          <button type="button" className="text-primary-fg underline-offset-2 hover:underline" onClick={() => useSession.getState().openDialog('ppt')}>
            {t('outline.buy')}
          </button>
        </p>
        <button type="button" className={primaryButton} disabled={busy} onClick={() => void generate()}>
          {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <WandSparkles className="size-4" aria-hidden />}
          {t('outline.generate')}
        </button>
      </div>
    </section>
  );
}

function Progress({ deck, onChanged }: { deck: DeckView; onChanged(d: DeckView): void }) {
  const { t } = useTranslation('slides');
  const theme = slideTheme(deck.theme);
  const done = deck.status === 'done';
  const total = deck.planned || deck.pages;
  // A deck is shown whole once done; while it generates the server sends how far it got, not its slides.
  const written = done ? deck.slides.length : deck.slideCount;
  const pct = Math.round((written / Math.max(1, total)) * 100);
  const lastRef = useRef<HTMLDivElement>(null);
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-lg font-semibold text-neutral-900 dark:text-neutral-50">{done ? t('progress.done') : t('progress.heading')}</h1>
      {deck.offline && <OfflineNote />}
      <div>
        <div className="flex justify-between text-sm text-neutral-600 dark:text-neutral-300">
          <span>{deck.title}</span>
          <span className="tabular-nums">{t('progress.count', { done: written, total })}</span>
        </div>
        <div className="mt-2 h-2 overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-800" role="progressbar" aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100} aria-label={t('progress.heading')}>
          <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${pct}%` }} />
        </div>
        {!done && (
          <p className="mt-2 text-xs text-neutral-500 dark:text-neutral-400">
            {t('progress.hint')} {t('progress.whole')}
          </p>
        )}
      </div>
      <div ref={lastRef} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {done
          ? previewPages(deck).map((p, i) => <SlideCanvas key={i} slide={p.slide} theme={theme} number={i + 1} className="rounded-lg shadow-sm ring-1 ring-black/5" />)
          : Array.from({ length: total }, (_, i) => (
              <div
                key={i}
                aria-hidden
                data-testid="slide-placeholder"
                className={`aspect-video rounded-lg ring-1 ring-black/5 ${i < written ? 'bg-primary-soft' : 'animate-pulse bg-neutral-200 dark:bg-neutral-800'}`}
              />
            ))}
      </div>
      <div className="flex flex-wrap gap-3">
        {done ? (
          <Link to={`/view?id=${deck.id}`} className={primaryButton}>
            <Presentation className="size-4" aria-hidden />
            {t('progress.open')}
          </Link>
        ) : (
          <button
            type="button"
            className="inline-flex h-10 items-center rounded-xl border border-neutral-200 px-4 text-sm text-neutral-600 hover:bg-neutral-100 dark:border-neutral-700 dark:text-neutral-300 dark:hover:bg-neutral-800"
            onClick={() =>
              void slidesApi.cancel(deck.id).then((d) => {
                toast.success(t('progress.cancelled'));
                onChanged(d);
              })
            }
          >
            {t('progress.cancel')}
          </button>
        )}
      </div>
    </section>
  );
}
