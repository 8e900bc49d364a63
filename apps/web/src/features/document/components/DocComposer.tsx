import { useRef } from 'react';
import { ArrowUp, Square } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_QUESTION_MAX } from '@app/shared/constants';
import { ComposerInput } from '../../../components/ComposerInput.tsx';
import { useAutosize } from '../../../lib/useAutosize.ts';
import { askDocument, stopAnswer } from '../controller/ask.ts';
import { needsQuestion } from '../logic/options.ts';
import { useDocuments } from '../stores/document-store.ts';
import type { useDocOptions } from '../hooks/useDocOptions.ts';
import { ActionBar } from './ActionBar.tsx';

/** Vertical padding of the textarea: desktop pt-3 + pb-2, mobile 6 px + 6 px. */
const padPx = (mobile: boolean) => (mobile ? 12 : 20);

interface Props {
  mobile: boolean;
  options: ReturnType<typeof useDocOptions>;
  onSent(): void;
}

/**
 * The question box: the action tabs and output language above it. For 问答 a question is
 * required; for the other actions it is optional (the action itself is the request).
 */
export function DocComposer({ mobile, options, onSent }: Props) {
  const { t } = useTranslation('document');
  const text = useDocuments((s) => s.draft);
  const setText = useDocuments((s) => s.setDraft);
  const generating = useDocuments((s) => s.generating);
  const ref = useRef<HTMLTextAreaElement>(null);
  useAutosize(ref, text, mobile ? 1 : 2, mobile ? 4 : 8, padPx(mobile));
  const { action, language } = options;
  const qa = needsQuestion(action);
  const blocked = qa && !text.trim();

  const submit = async () => {
    if (generating) return;
    const question = text;
    if (blocked) ref.current?.focus();
    const started = askDocument({ question, action: action?.value ?? '', language, questionRequired: qa });
    // The box empties as soon as the turn is accepted locally; a refusal puts the text back.
    if (useDocuments.getState().generating) {
      setText('');
      onSent();
    }
    await started;
  };

  const placeholder = mobile
    ? qa || !action
      ? t('placeholderQaShort')
      : t('placeholderActionShort')
    : qa || !action
      ? t('placeholderQa')
      : t('placeholderAction', { action: action.label });
  const sendOrStop = generating ? (
    <button
      type="button"
      onClick={() => void stopAnswer()}
      aria-label={t('stop')}
      title={t('stop')}
      className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-neutral-900 text-white transition-colors hover:bg-neutral-700 dark:bg-white dark:text-neutral-900 dark:hover:bg-neutral-200"
    >
      <Square className="size-3.5 fill-current" aria-hidden />
    </button>
  ) : (
    <button
      type="submit"
      aria-label={t('send')}
      title={t('send')}
      disabled={blocked}
      className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-white transition-colors hover:bg-primary-hover disabled:bg-neutral-200 disabled:text-neutral-400 dark:disabled:bg-neutral-800 dark:disabled:text-neutral-500"
    >
      <ArrowUp className="size-5" strokeWidth={2.2} aria-hidden />
    </button>
  );

  const textarea = (
    <ComposerInput
      ref={ref}
      value={text}
      onChange={(v) => setText(v)}
      onSend={() => void submit()}
      mobile={mobile}
      disabled={generating}
      label={t('input')}
      placeholder={`${placeholder}${mobile ? '' : `（${t('keyHintDesktop')}）`}`}
      maxLength={DOCUMENT_QUESTION_MAX}
    />
  );

  return (
    <form
      className="mx-auto w-full max-w-3xl px-3 md:px-6"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="overflow-hidden rounded-[22px] border border-neutral-200 bg-white shadow-[0_2px_12px_rgba(0,0,0,0.04)] transition-colors focus-within:border-neutral-300 dark:border-neutral-800 dark:bg-neutral-900 dark:focus-within:border-neutral-700">
        <ActionBar actions={options.actions} languages={options.languages} action={action} language={language} disabled={generating} />
        {mobile ? (
          <div className="flex items-end gap-1.5 py-1.5 pr-1.5 pl-4">
            {textarea}
            {sendOrStop}
          </div>
        ) : (
          <>
            {textarea}
            <div className="flex items-center justify-end gap-2 px-2.5 pb-2.5">{sendOrStop}</div>
          </>
        )}
      </div>
    </form>
  );
}
