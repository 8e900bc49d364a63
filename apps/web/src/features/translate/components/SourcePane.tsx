import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { actionButton } from '../../../components/styles.ts';
import { labelOf } from '../logic/languages.ts';
import { useTranslation } from '../../../lib/i18n.ts';

interface SourcePaneProps {
  text: string;
  detected: string | null;
  length: number;
  limit: number;
  onText(text: string): void;
  /** Ctrl/⌘+Enter. */
  onSubmit(): void;
}

/** The text to translate, with the detected language, the count against the cap and a clear button. */
export function SourcePane({ text, detected, length, limit, onText, onSubmit }: SourcePaneProps) {
  const { t } = useTranslation('translate');
  return (
    <div className="flex min-h-[180px] flex-col rounded-2xl border border-neutral-200 bg-white focus-within:border-primary dark:border-neutral-700 dark:bg-neutral-900">
      <label htmlFor="tr-text" className="sr-only">
        {t('source')}
      </label>
      <textarea
        id="tr-text"
        value={text}
        onChange={(e) => onText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            onSubmit();
          }
        }}
        placeholder={t('placeholder')}
        className="min-h-[140px] flex-1 resize-none bg-transparent p-3 text-[15px] leading-7 outline-none placeholder:text-neutral-400 md:min-h-[260px]"
      />
      <div className="flex items-center gap-2 px-3 pb-2 text-xs text-neutral-500 dark:text-neutral-400">
        {detected && <span data-testid="tr-detected">{t('detected', { lang: labelOf(detected) })}</span>}
        <span className={clsx('ml-auto tabular-nums', length > limit && 'font-medium text-red-600 dark:text-red-400')}>{t('count', { count: length, max: limit })}</span>
        {text && (
          <button type="button" onClick={() => onText('')} aria-label={t('clear')} title={t('clear')} className={actionButton}>
            <X className="size-4" aria-hidden />
          </button>
        )}
      </div>
    </div>
  );
}
