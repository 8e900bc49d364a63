import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ArrowLeftRight, Check, Copy, FolderOpen, Languages, Square, Trash2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HistoryPanel } from '../../components/HistoryPanel.tsx';
import { ModelSelect } from '../../components/ModelSelect.tsx';
import { useLocation } from 'react-router';
import type { TranslateCreateReply, TranslateItem, TranslateStreamEvent } from '@app/shared';
import { detectLanguage, TRANSLATE_AUTO, TRANSLATE_LANGUAGES, translateLanguage } from '@app/shared/translate-languages';
import { Drawer } from '../../components/Drawer.tsx';
import { SidebarToggle } from '../../components/SidebarToggle.tsx';
import { actionButton, iconButton } from '../../components/styles.ts';
import { copyText } from '../../lib/clipboard.ts';
import { useSession } from '../../lib/session.ts';
import { readRecord } from '../../lib/stream-run/record.ts';
import { abortRun, currentRun, resumeRun, startRun, type RunOutcome } from '../../lib/stream-run/run.ts';
import { toast } from '../../lib/toast.ts';
import { useHistoryColumn } from '../../lib/useIsMobile.ts';
import { createTranslation, deleteTranslation, fetchTranslations, stopTranslation, TRANSLATE_STREAM_URL } from './api.ts';
import './locales.ts';

const TRANSLATE_RUN = 'translate';
/** SPEC §5: the input cap when a model sets none. */
const DEFAULT_INPUT_LIMIT = 300;

interface ResumeContext {
  text: string;
  from: string;
  to: string;
}

const labelOf = (code: string) => translateLanguage(code)?.label ?? code;
const selectClass =
  'h-9 min-w-0 flex-1 rounded-lg border border-neutral-200 bg-white px-2 text-sm text-neutral-800 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100';

/** /translate: source text (language detected), a target language, the streamed translation, copy, history. */
export default function TranslatePage() {
  const { t } = useTranslation('translate');
  const column = useHistoryColumn();
  const token = useSession((s) => s.token);
  const features = useSession((s) => s.website?.features);
  const client = useQueryClient();
  const location = useLocation();
  // From the chat input: what was typed there.
  const [text, setText] = useState(() => {
    const given = (location.state as { text?: unknown } | null)?.text;
    return typeof given === 'string' ? given : '';
  });
  const [from, setFrom] = useState(TRANSLATE_AUTO);
  const [to, setTo] = useState('en');
  const [model, setModel] = useState('');
  const [result, setResult] = useState('');
  const [running, setRunning] = useState(false);
  const [resultStatus, setResultStatus] = useState<TranslateItem['status'] | null>(null);
  const [copied, setCopied] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const list = useQuery({ queryKey: ['translate', 'histories', token], queryFn: fetchTranslations, enabled: !!token });
  const feature = features?.find((f) => f.code === model) ?? features?.[0];
  const limit = feature?.input_ext || DEFAULT_INPUT_LIMIT;
  const length = Array.from(text).length;
  const detected = useMemo(() => (from === TRANSLATE_AUTO && text.trim() ? detectLanguage(text) : null), [from, text]);

  const settle = useCallback(
    (o: RunOutcome<TranslateStreamEvent>) => {
      setRunning(false);
      if (o.kind === 'done') {
        setResult(o.text);
        setResultStatus(o.event.status);
        if (o.event.status === 'stopped') toast.success(t('stopped'));
        if (o.event.charged > 0) useSession.getState().loadUser().catch(() => {});
      } else if (o.kind === 'error' || o.kind === 'cut' || o.kind === 'stopped') {
        setResultStatus(o.kind === 'stopped' ? 'stopped' : 'error');
        if (o.kind === 'cut') toast.error(t('streamCut'));
      } else if (o.kind === 'refused' || o.kind === 'cancelled') setResultStatus(null);
      void client.invalidateQueries({ queryKey: ['translate', 'histories'] });
    },
    [client, t],
  );

  useEffect(() => {
    const record = readRecord<ResumeContext>(TRANSLATE_RUN);
    if (!record || currentRun(TRANSLATE_RUN) || !useSession.getState().token) return;
    setText(record.context.text);
    setFrom(record.context.from);
    setTo(record.context.to);
    setRunning(true);
    setResultStatus('running');
    const run = resumeRun<TranslateStreamEvent>({ kind: TRANSLATE_RUN, stop: stopTranslation, toastErrors: true, onText: setResult }, record);
    void run.settled.then((o) => (o.kind === 'gone' ? (setRunning(false), setResultStatus(null), void client.invalidateQueries({ queryKey: ['translate'] })) : settle(o)));
  }, [client, settle]);

  useEffect(() => () => abortRun(TRANSLATE_RUN), []);

  const submit = () => {
    const source = text.trim();
    if (!source || currentRun(TRANSLATE_RUN)) return;
    if (!useSession.getState().token) {
      useSession.getState().openLogin();
      return;
    }
    if (length > limit) {
      toast.error(t('tooLong', { max: limit }));
      return;
    }
    if ((from === TRANSLATE_AUTO ? detected : from) === to) {
      toast.error(t('sameLanguage'));
      return;
    }
    setResult('');
    setRunning(true);
    setResultStatus('running');
    const body = { text: source, from, to, ...(feature ? { model: feature.code } : {}) };
    const run = startRun<TranslateStreamEvent, TranslateCreateReply>({
      kind: TRANSLATE_RUN,
      prepare: () => createTranslation(body),
      stream: (p) => ({ url: TRANSLATE_STREAM_URL, method: 'POST', body: { secret: p.secret } }),
      stop: stopTranslation,
      toastErrors: true,
      context: (p): ResumeContext => ({ text: source, from: p.from, to: p.to }),
      onText: setResult,
    });
    void run.settled.then(settle);
  };

  const swap = () => {
    const source = from === TRANSLATE_AUTO ? detected : from;
    if (!source || running) return;
    setFrom(to);
    setTo(source);
    if (result.trim()) {
      setText(result);
      setResult(text);
    }
  };

  const copy = async () => {
    if (!(await copyText(result))) return toast.error(t('copyFailed'));
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };

  const show = (item: TranslateItem) => {
    if (running) return;
    setDrawerOpen(false);
    setText(item.source);
    setFrom(item.from);
    setTo(item.to);
    setResult(item.result);
    setResultStatus(item.status);
  };

  const remove = async (item: TranslateItem) => {
    await deleteTranslation(item.id);
    toast.success(t('deleted'));
    void client.invalidateQueries({ queryKey: ['translate', 'histories'] });
  };

  const history = (
    <TranslateHistory
      items={list.data?.list ?? []}
      loading={list.isLoading}
      guest={!token}
      onOpen={show}
      onDelete={(i) => void remove(i)}
      onNew={() => {
        if (running) return;
        setText('');
        setResult('');
        setResultStatus(null);
        setDrawerOpen(false);
      }}
    />
  );

  return (
    <div className="flex h-full min-h-0 overflow-hidden">
      {column && <aside className="w-[260px] shrink-0 border-r border-neutral-200/70 bg-neutral-50/70 dark:border-neutral-800 dark:bg-neutral-900/40">{history}</aside>}
      <div className="flex min-w-0 flex-1 flex-col overflow-y-auto">
        <header className="flex h-[52px] shrink-0 items-center gap-1 border-b border-neutral-100 px-2 md:h-14 md:px-4 dark:border-neutral-800/80">
          <SidebarToggle />
          {!column && (
            <button type="button" onClick={() => setDrawerOpen(true)} aria-label={t('history')} title={t('history')} className={iconButton}>
              <FolderOpen className="size-[18px]" aria-hidden />
            </button>
          )}
          <h1 className="min-w-0 flex-1 truncate px-1 text-[15px] font-medium">{t('title')}</h1>
          <ModelSelect features={features} value={feature?.code ?? ''} disabled={running} label={t('model')} onChange={setModel} />
        </header>

        <div className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-3 p-3 md:p-6">
          <div className="flex items-center gap-2">
            <label className="sr-only" htmlFor="tr-from">
              {t('from')}
            </label>
            <select id="tr-from" value={from} disabled={running} onChange={(e) => setFrom(e.target.value)} className={selectClass}>
              <option value={TRANSLATE_AUTO}>{t('auto')}</option>
              {TRANSLATE_LANGUAGES.map((l) => (
                <option key={l.code} value={l.code}>
                  {l.label}
                </option>
              ))}
            </select>
            <button type="button" onClick={swap} disabled={running || (from === TRANSLATE_AUTO && !detected)} aria-label={t('swap')} title={t('swap')} className={iconButton}>
              <ArrowLeftRight className="size-4" aria-hidden />
            </button>
            <label className="sr-only" htmlFor="tr-to">
              {t('to')}
            </label>
            <select id="tr-to" value={to} disabled={running} onChange={(e) => setTo(e.target.value)} className={selectClass}>
              {TRANSLATE_LANGUAGES.map((l) => (
                <option key={l.code} value={l.code}>
                  {l.label}
                </option>
              ))}
            </select>
          </div>

          <div className="grid min-h-0 flex-1 gap-3 md:grid-cols-2">
            <div className="flex min-h-[180px] flex-col rounded-2xl border border-neutral-200 bg-white focus-within:border-primary dark:border-neutral-700 dark:bg-neutral-900">
              <label htmlFor="tr-text" className="sr-only">
                {t('source')}
              </label>
              <textarea
                id="tr-text"
                value={text}
                onChange={(e) => setText(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                    e.preventDefault();
                    submit();
                  }
                }}
                placeholder={t('placeholder')}
                className="min-h-[140px] flex-1 resize-none bg-transparent p-3 text-[15px] leading-7 outline-none placeholder:text-neutral-400 md:min-h-[260px]"
              />
              <div className="flex items-center gap-2 px-3 pb-2 text-xs text-neutral-500 dark:text-neutral-400">
                {detected && <span data-testid="tr-detected">{t('detected', { lang: labelOf(detected) })}</span>}
                <span className={clsx('ml-auto tabular-nums', length > limit && 'font-medium text-red-600 dark:text-red-400')}>{t('count', { count: length, max: limit })}</span>
                {text && (
                  <button type="button" onClick={() => setText('')} aria-label={t('clear')} title={t('clear')} className={actionButton}>
                    <X className="size-4" aria-hidden />
                  </button>
                )}
              </div>
            </div>
            <div className="flex min-h-[180px] flex-col rounded-2xl border border-neutral-200 bg-neutral-50 dark:border-neutral-700 dark:bg-neutral-900/60">
              <h2 className="sr-only">{t('result')}</h2>
              <div data-testid="tr-result" aria-live="polite" className="min-h-[140px] flex-1 p-3 text-[15px] leading-7 whitespace-pre-wrap break-words md:min-h-[260px]">
                {result || <span className="text-neutral-500 dark:text-neutral-400">{running ? t('translating') : t('resultEmpty')}</span>}
              </div>
              <div className="flex items-center gap-2 px-3 pb-2 text-xs text-neutral-500 dark:text-neutral-400">
                {resultStatus && resultStatus !== 'complete' && <span>{t(`status_${resultStatus}`)}</span>}
                <button type="button" onClick={() => void copy()} disabled={!result || running} className={clsx(actionButton, 'ml-auto gap-1 px-2 text-[13px]')}>
                  {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
                  {t('copy')}
                </button>
              </div>
            </div>
          </div>

          <div className="sticky bottom-0 flex justify-end bg-gradient-to-t from-white pt-1 pb-[env(safe-area-inset-bottom)] dark:from-neutral-950">
            {running ? (
              <button type="button" onClick={() => void currentRun(TRANSLATE_RUN)?.stop()} className="inline-flex h-10 w-full items-center justify-center gap-2 rounded-xl bg-neutral-900 px-6 text-sm font-medium text-white md:w-auto dark:bg-white dark:text-neutral-900">
                <Square className="size-3.5 fill-current" aria-hidden />
                {t('stop')}
              </button>
            ) : (
              <button type="button" onClick={submit} disabled={!text.trim()} className="inline-flex h-10 w-full items-center justify-center gap-2 rounded-xl bg-primary px-6 text-sm font-medium text-white hover:bg-primary-hover disabled:opacity-40 md:w-auto">
                <Languages className="size-4" aria-hidden />
                {t('translate')}
              </button>
            )}
          </div>
        </div>
      </div>
      {!column && (
        <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} title={t('history')}>
          {history}
        </Drawer>
      )}
    </div>
  );
}

interface HistoryProps {
  items: TranslateItem[];
  loading: boolean;
  guest: boolean;
  onOpen(item: TranslateItem): void;
  onDelete(item: TranslateItem): void;
  onNew(): void;
}

function TranslateHistory({ items, loading, guest, onOpen, onDelete, onNew }: HistoryProps) {
  const { t } = useTranslation('translate');
  return (
    <HistoryPanel
      texts={{ new: t('newTranslation'), title: t('history'), guest: t('guest'), login: t('login'), empty: t('historyEmpty') }}
      guest={guest}
      loading={loading}
      empty={items.length === 0}
      skeletonClass="h-12"
      onNew={onNew}
    >
      {items.map((i) => (
        <li key={i.id} className="group flex items-start rounded-lg hover:bg-neutral-100 dark:hover:bg-neutral-800">
          <button type="button" onClick={() => onOpen(i)} className="min-w-0 flex-1 px-2.5 py-2 text-left">
            <span className="block truncate text-[13px]">{i.source}</span>
            <span className="block truncate text-xs text-neutral-500 dark:text-neutral-400">
              {labelOf(i.from)} → {labelOf(i.to)}
              {i.status !== 'complete' && ` · ${t(`status_${i.status}`)}`}
            </span>
          </button>
          <button type="button" onClick={() => onDelete(i)} aria-label={`${t('delete')} ${i.source.slice(0, 20)}`} className={clsx(actionButton, 'mt-1.5 mr-1 opacity-100 md:opacity-0 md:group-hover:opacity-100 md:focus:opacity-100')}>
            <Trash2 className="size-3.5" aria-hidden />
          </button>
        </li>
      ))}
    </HistoryPanel>
  );
}
