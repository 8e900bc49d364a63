import { gridClass } from './HistoryGrid.tsx';
import '../locales.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** Placeholders while images are drawn. */
export function ResultSkeleton({ count }: { count: number }) {
  const { t } = useTranslation('draw');
  return (
    <div>
      <ul className={gridClass} aria-hidden>
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="aspect-square animate-pulse rounded-xl bg-neutral-200 dark:bg-neutral-800" />
        ))}
      </ul>
      <p className="mt-2 text-sm text-neutral-500 dark:text-neutral-400">{t('result.drawing')}</p>
    </div>
  );
}
