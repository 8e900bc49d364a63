import { ArrowDown } from 'lucide-react';
import { clsx } from 'clsx';
import './locales.ts';
import { useTranslation } from '../lib/i18n.ts';

/** Shown once the list is more than 100 px above its end (SPEC §9). */
export function ScrollToBottom({ visible, onClick }: { visible: boolean; onClick(): void }) {
  const { t } = useTranslation('common');
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={t('scrollBottom')}
      title={t('scrollBottom')}
      tabIndex={visible ? 0 : -1}
      aria-hidden={!visible}
      className={clsx(
        'absolute bottom-3 left-1/2 z-10 inline-flex size-9 -translate-x-1/2 items-center justify-center rounded-full border border-neutral-200 bg-white text-neutral-600 shadow-md transition-all hover:text-neutral-900 dark:border-neutral-700 dark:bg-neutral-800 dark:text-neutral-300 dark:hover:text-white',
        visible ? 'translate-y-0 opacity-100' : 'pointer-events-none translate-y-2 opacity-0',
      )}
    >
      <ArrowDown className="size-[18px]" aria-hidden />
    </button>
  );
}
