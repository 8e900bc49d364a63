import { Languages, Square } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n.ts';

interface TranslateButtonProps {
  running: boolean;
  /** Nothing to translate yet. */
  empty: boolean;
  onSubmit(): void;
  onStop(): void;
}

/** 翻译, or 停止 while a translation streams; kept at the bottom of the screen. */
export function TranslateButton({ running, empty, onSubmit, onStop }: TranslateButtonProps) {
  const { t } = useTranslation('translate');
  return (
    <div className="sticky bottom-0 flex justify-end bg-gradient-to-t from-white pt-1 pb-[env(safe-area-inset-bottom)] dark:from-neutral-950">
      {running ? (
        <button type="button" onClick={onStop} className="inline-flex h-10 w-full items-center justify-center gap-2 rounded-xl bg-neutral-900 px-6 text-sm font-medium text-white md:w-auto dark:bg-white dark:text-neutral-900">
          <Square className="size-3.5 fill-current" aria-hidden />
          {t('stop')}
        </button>
      ) : (
        <button type="button" onClick={onSubmit} disabled={empty} className="inline-flex h-10 w-full items-center justify-center gap-2 rounded-xl bg-primary px-6 text-sm font-medium text-white hover:bg-primary-hover disabled:opacity-40 md:w-auto">
          <Languages className="size-4" aria-hidden />
          {t('translate')}
        </button>
      )}
    </div>
  );
}
