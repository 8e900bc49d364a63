import { clsx } from 'clsx';
import { Check, Copy } from 'lucide-react';
import type { TranslateItem } from '@app/shared';
import { actionButton } from '../../../components/styles.ts';
import { useTranslation } from '../../../lib/i18n.ts';

interface ResultPaneProps {
  result: string;
  status: TranslateItem['status'] | null;
  running: boolean;
  copied: boolean;
  onCopy(): void;
}

/** The (streaming) translation, its status when not complete, and the copy button. */
export function ResultPane({ result, status, running, copied, onCopy }: ResultPaneProps) {
  const { t } = useTranslation('translate');
  return (
    <div className="flex min-h-[180px] flex-col rounded-2xl border border-neutral-200 bg-neutral-50 dark:border-neutral-700 dark:bg-neutral-900/60">
      <h2 className="sr-only">{t('result')}</h2>
      <div data-testid="tr-result" aria-live="polite" className="min-h-[140px] flex-1 p-3 text-[15px] leading-7 whitespace-pre-wrap break-words md:min-h-[260px]">
        {result || <span className="text-neutral-500 dark:text-neutral-400">{running ? t('translating') : t('resultEmpty')}</span>}
      </div>
      <div className="flex items-center gap-2 px-3 pb-2 text-xs text-neutral-500 dark:text-neutral-400">
        {status && status !== 'complete' && <span>{t(`status_${status}`)}</span>}
        <button type="button" onClick={onCopy} disabled={!result || running} className={clsx(actionButton, 'ml-auto gap-1 px-2 text-[13px]')}>
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {t('copy')}
        </button>
      </div>
    </div>
  );
}
