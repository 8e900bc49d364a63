import { AlertTriangle, FileUp, FlaskConical, Loader2, Sparkles, Trash2 } from 'lucide-react';
import type { DocumentGroup, DocumentOption } from '@app/shared';
import { useSession } from '../../../lib/session.ts';
import { askDocument } from '../controller/ask.ts';
import { openUpload } from '../controller/upload.ts';
import { formatSize } from '../logic/format.ts';
import { needsQuestion } from '../logic/options.ts';
import { useDocuments } from '../stores/document-store.ts';
import { useDocUi } from '../stores/ui-store.ts';
import { FileIcon } from './FileIcon.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

function DemoNote() {
  const { t } = useTranslation('document');
  const demo = useSession((s) => s.website?.demo.llm);
  if (!demo) return null;
  return (
    <p className="mt-4 inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1 text-xs text-amber-700 dark:bg-amber-500/10 dark:text-amber-300">
      <FlaskConical className="size-3.5 shrink-0" aria-hidden />
      {t('demoNote')}
    </p>
  );
}

/** No documents yet: what the screen does, the accepted types and size, and the way to start. */
export function EmptyState({ accept, maxMb }: { accept: readonly string[]; maxMb: number }) {
  const { t } = useTranslation('document');
  const token = useSession((s) => s.token);
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center px-4 pt-[8vh] pb-6 text-center md:pt-[12vh]" data-testid="document-empty">
      <button
        type="button"
        onClick={openUpload}
        className="group flex w-full flex-col items-center rounded-3xl border-2 border-dashed border-neutral-200 bg-white px-6 py-9 transition-colors hover:border-primary/50 hover:bg-primary-soft/30 md:py-12 dark:border-neutral-800 dark:bg-neutral-900/40 dark:hover:border-primary/50"
      >
        <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary-fg ring-1 ring-primary/10 transition-transform group-hover:-translate-y-0.5">
          <FileUp className="size-7" strokeWidth={1.7} aria-hidden />
        </span>
        <span className="mt-4 text-[20px] font-semibold tracking-tight md:text-[22px]">{token ? t('empty.title') : t('empty.guestTitle')}</span>
        <span className="mt-1.5 max-w-sm text-sm leading-6 text-neutral-500 dark:text-neutral-400">{token ? t('empty.line') : t('empty.guestLine')}</span>
        <span className="mt-5 inline-flex h-10 items-center gap-1.5 rounded-full bg-primary px-5 text-sm font-medium text-white shadow-sm transition-colors group-hover:bg-primary-hover">
          {token ? t('upload') : t('login')}
        </span>
      </button>
      <div className="mt-5 flex flex-wrap items-center justify-center gap-1.5 text-xs text-neutral-500 dark:text-neutral-400">
        <span>{t('empty.types')}</span>
        {accept.map((a) => (
          <span key={a} className="rounded-md bg-neutral-100 px-1.5 py-0.5 font-medium text-neutral-600 uppercase dark:bg-neutral-800 dark:text-neutral-300">
            {a}
          </span>
        ))}
      </div>
      <p className="mt-2 text-xs text-neutral-500 dark:text-neutral-400">{t('empty.maxSize', { mb: maxMb })}</p>
      <DemoNote />
    </div>
  );
}

function DocCard({ doc }: { doc: DocumentGroup }) {
  const { t } = useTranslation('document');
  const meta = [doc.file_ext.toUpperCase(), doc.pages ? t('pages', { count: doc.pages }) : null, formatSize(doc.file_size)].filter(Boolean).join(' · ');
  return (
    <div className="flex w-full items-center gap-3 rounded-2xl border border-neutral-200/80 bg-white px-4 py-3 text-left dark:border-neutral-800 dark:bg-neutral-900">
      <FileIcon ext={doc.file_ext} size="lg" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-[15px] font-medium">{doc.title}</p>
        <p className="mt-0.5 truncate text-xs text-neutral-400">
          {meta} · {doc.created_at_text}
        </p>
      </div>
    </div>
  );
}

/** A parsed document without questions yet: its card and the actions as one-tap starts. */
export function DocIntro({ doc, actions, language }: { doc: DocumentGroup; actions: DocumentOption[]; language: string }) {
  const { t } = useTranslation('document');
  const generating = useDocuments((s) => s.generating);
  const quick = actions.filter((a) => !needsQuestion(a));
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col items-center px-4 pt-[6vh] pb-6 md:px-6 md:pt-[10vh]" data-testid="document-intro">
      <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-xs font-medium text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300">
        <Sparkles className="size-3.5" aria-hidden />
        {t('intro.ready')}
      </span>
      <div className="mt-4 w-full">
        <DocCard doc={doc} />
      </div>
      <p className="mt-5 text-center text-sm text-neutral-500 dark:text-neutral-400">{t('intro.line')}</p>
      {quick.length > 0 && (
        <ul className="mt-4 grid w-full grid-cols-2 gap-2.5 sm:grid-cols-4">
          {quick.map((a) => (
            <li key={a.value}>
              <button
                type="button"
                disabled={generating}
                onClick={() => {
                  useDocuments.getState().setAction(a.value);
                  void askDocument({ question: '', action: a.value, language, questionRequired: false });
                }}
                className="flex h-11 w-full items-center justify-center rounded-xl border border-neutral-200/80 bg-white text-sm font-medium text-neutral-700 transition-colors hover:border-neutral-300 hover:bg-neutral-50 disabled:opacity-50 dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-200 dark:hover:bg-neutral-800"
              >
                {a.label}
              </button>
            </li>
          ))}
        </ul>
      )}
      <DemoNote />
    </div>
  );
}

/** The open document is still being parsed (SPEC §4.8 wording). */
export function ParsingPanel({ doc }: { doc: DocumentGroup }) {
  const { t } = useTranslation('document');
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col items-center px-4 pt-[8vh] pb-6 text-center md:px-6 md:pt-[12vh]" data-testid="document-parsing">
      <div className="w-full">
        <DocCard doc={doc} />
      </div>
      <Loader2 className="mt-8 size-7 animate-spin text-primary" aria-hidden />
      <p className="mt-3 text-base font-medium" role="status">
        {t('parsingPanel.title')}
      </p>
      <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">{t('parsingPanel.line')}</p>
    </div>
  );
}

/** The open document failed to parse: say so and offer to delete it. */
export function FailedPanel({ doc }: { doc: DocumentGroup }) {
  const { t } = useTranslation('document');
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col items-center px-4 pt-[8vh] pb-6 text-center md:px-6 md:pt-[12vh]" data-testid="document-failed">
      <div className="w-full">
        <DocCard doc={doc} />
      </div>
      <AlertTriangle className="mt-8 size-7 text-red-500" aria-hidden />
      <p className="mt-3 text-base font-medium">{t('failedPanel.title')}</p>
      <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">{t('failedPanel.line')}</p>
      <div className="mt-5 flex flex-wrap justify-center gap-2">
        <button
          type="button"
          onClick={() => useDocUi.getState().set({ confirm: { token: doc.token, title: doc.title } })}
          className="inline-flex h-9 items-center gap-1.5 rounded-full border border-neutral-200 px-4 text-sm text-neutral-700 hover:bg-neutral-50 dark:border-neutral-700 dark:text-neutral-200 dark:hover:bg-neutral-800"
        >
          <Trash2 className="size-4" aria-hidden />
          {t('delete')}
        </button>
        <button type="button" onClick={openUpload} className="inline-flex h-9 items-center gap-1.5 rounded-full bg-primary px-4 text-sm font-medium text-white hover:bg-primary-hover">
          <FileUp className="size-4" aria-hidden />
          {t('upload')}
        </button>
      </div>
    </div>
  );
}
