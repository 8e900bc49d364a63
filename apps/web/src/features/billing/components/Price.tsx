import clsx from 'clsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** ¥price, the original price struck through when it differs. */
export function Price({ price, original, size = 'md', className }: { price: string; original?: string; size?: 'sm' | 'md' | 'lg'; className?: string }) {
  const { t } = useTranslation('billing');
  return (
    <span className={clsx('inline-flex items-baseline gap-1.5', className)}>
      <span
        className={clsx(
          'font-semibold tabular-nums text-neutral-900 dark:text-neutral-50',
          size === 'lg' ? 'text-3xl' : size === 'md' ? 'text-xl' : 'text-base',
        )}
      >
        <span className={clsx('mr-0.5', size === 'lg' ? 'text-lg' : 'text-sm')}>¥</span>
        {price}
      </span>
      {original && original !== price && (
        <s className="text-xs text-neutral-400 tabular-nums dark:text-neutral-500" aria-label={`${t('price.original')} ¥${original}`}>
          ¥{original}
        </s>
      )}
    </span>
  );
}

export function DiscountBadge({ text, className }: { text: string; className?: string }) {
  if (!text) return null;
  return (
    <span
      className={clsx(
        'inline-flex shrink-0 items-center rounded-full bg-rose-50 px-2 py-px text-[11px] font-medium whitespace-nowrap text-rose-700 dark:bg-rose-400/10 dark:text-rose-300',
        className,
      )}
    >
      {text}
    </span>
  );
}
