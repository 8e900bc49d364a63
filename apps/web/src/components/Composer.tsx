import { useRef, type ReactNode, type RefObject } from 'react';
import { ArrowUp, Square } from 'lucide-react';
import { clsx } from 'clsx';
import { useAutosize } from '../lib/useAutosize.ts';
import { ComposerInput } from './ComposerInput.tsx';
import './locales.ts';
import { useTranslation } from '../lib/i18n.ts';

/** SPEC §2.7: the textarea grows from 2 to 8 rows on desktop, 1 to 4 on a phone. */
export const composerRows = (mobile: boolean) => (mobile ? { min: 1, max: 4 } : { min: 2, max: 8 });
/** Vertical padding of the textarea: desktop pt-3 + pb-2, mobile 6 px + 6 px. */
const padPx = (mobile: boolean) => (mobile ? 12 : 20);

export interface ComposerProps {
  mobile: boolean;
  value: string;
  onChange(value: string): void;
  /** The send button, Enter on desktop, Ctrl+Enter on mobile. */
  onSubmit(): void;
  onStop(): void;
  /** A reply is being generated: the text is disabled and the stop button replaces send. */
  generating: boolean;
  /** Send is not possible yet (blank text where it is required). */
  sendDisabled?: boolean;
  /** The accessible name of the text box. */
  label: string;
  /** The key hint is added on desktop. */
  placeholder: string;
  maxLength?: number;
  textareaRef?: RefObject<HTMLTextAreaElement | null>;
  /** Inside the box, above the text (the image strip of chat, the action tabs of document chat). */
  header?: ReactNode;
  /** Left of the text on a phone, bottom left on desktop (the image button of vision models). */
  tools?: ReactNode;
  /** Left of the send button (a length counter). */
  aside?: ReactNode;
  /** Clip the box's content to its rounded corners (a header with its own background). */
  clip?: boolean;
}

/**
 * The one input box of every streamed feature (chat, document chat, …): a growing textarea, the
 * send / stop button and slots for what a feature adds. The feature owns the text and the turn.
 */
export function Composer({ mobile, value, onChange, onSubmit, onStop, generating, sendDisabled = false, label, placeholder, maxLength, textareaRef, header, tools, aside, clip = false }: ComposerProps) {
  const { t } = useTranslation('common');
  const ownRef = useRef<HTMLTextAreaElement>(null);
  const ref = textareaRef ?? ownRef;
  const rows = composerRows(mobile);
  useAutosize(ref, value, rows.min, rows.max, padPx(mobile));

  const sendOrStop = generating ? (
    <button
      type="button"
      onClick={onStop}
      aria-label={t('composer.stop')}
      title={t('composer.stop')}
      className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-neutral-900 text-white transition-colors hover:bg-neutral-700 dark:bg-white dark:text-neutral-900 dark:hover:bg-neutral-200"
    >
      <Square className="size-3.5 fill-current" aria-hidden />
    </button>
  ) : (
    <button
      type="submit"
      disabled={sendDisabled}
      aria-label={t('composer.send')}
      title={t('composer.send')}
      className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-white transition-colors hover:bg-primary-hover disabled:bg-neutral-200 disabled:text-neutral-400 dark:disabled:bg-neutral-800 dark:disabled:text-neutral-500"
    >
      <ArrowUp className="size-5" strokeWidth={2.2} aria-hidden />
    </button>
  );

  const textarea = (
    <ComposerInput
      ref={ref}
      value={value}
      onChange={onChange}
      onSend={onSubmit}
      mobile={mobile}
      disabled={generating}
      label={label}
      placeholder={mobile ? placeholder : `${placeholder}（${t('composer.keyHint')}）`}
      maxLength={maxLength}
    />
  );

  return (
    <form
      className="mx-auto w-full max-w-3xl px-3 md:px-6"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <div
        className={clsx(
          'rounded-[22px] border border-neutral-200 bg-white shadow-[0_2px_12px_rgba(0,0,0,0.04)] transition-colors focus-within:border-focus dark:border-neutral-800 dark:bg-neutral-900',
          clip && 'overflow-hidden',
        )}
      >
        {header}
        {mobile ? (
          // One row on a phone: the conversation keeps the height.
          <div className={clsx('flex items-end gap-1.5 py-1.5 pr-1.5', tools ? 'pl-1.5' : 'pl-4')}>
            {tools}
            {textarea}
            {aside}
            {sendOrStop}
          </div>
        ) : (
          <>
            {textarea}
            <div className={clsx('flex items-center gap-2 px-2.5 pb-2.5', tools ? 'justify-between' : 'justify-end')}>
              {tools && <div className="flex min-w-0 items-center gap-1">{tools}</div>}
              <div className="flex items-center gap-2">
                {aside}
                {sendOrStop}
              </div>
            </div>
          </>
        )}
      </div>
    </form>
  );
}
