import clsx from 'clsx';
import type { PackageItem } from '@app/shared';
import { Benefits } from './Benefits.tsx';
import { DiscountBadge, Price } from './Price.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** /pay: every package as a card with its benefits and a buy button. */
export function PackageGrid({ packages, loading, onBuy }: { packages: PackageItem[]; loading: boolean; onBuy(p: PackageItem): void }) {
  const { t } = useTranslation('billing');
  if (loading) {
    return (
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-hidden aria-busy="true">
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="h-64 animate-pulse rounded-2xl bg-neutral-100 dark:bg-neutral-900" />
        ))}
      </div>
    );
  }
  if (!packages.length) return <p className="py-8 text-center text-sm text-neutral-500">{t('membership.empty')}</p>;
  // The second membership package is the one most people buy; it gets the accent.
  const featured = packages.filter((p) => p.days > 0)[1]?.id;
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {packages.map((p) => {
        const hot = p.id === featured;
        return (
          <li
            key={p.id}
            className={clsx(
              'relative flex flex-col rounded-2xl border bg-white p-5 dark:bg-neutral-900',
              hot ? 'border-primary ring-1 ring-primary' : 'border-neutral-200/80 dark:border-neutral-800',
            )}
          >
            {hot && (
              <span className="absolute -top-2.5 left-5 rounded-full bg-primary px-2.5 py-px text-[11px] font-medium text-white">{t('membership.recommended')}</span>
            )}
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-base font-semibold text-neutral-900 dark:text-neutral-50">{p.name}</h3>
              <DiscountBadge text={p.discount} />
            </div>
            {p.introduction && <p className="mt-1 text-xs text-neutral-500 dark:text-neutral-400">{p.introduction}</p>}
            <div className="mt-3 flex items-baseline justify-between gap-2">
              <Price price={p.price} original={p.price_y} size="lg" />
              <span className="text-xs text-neutral-400 dark:text-neutral-500">{p.days > 0 ? t('price.days', { count: p.days }) : t('price.permanent')}</span>
            </div>
            <Benefits description={p.description} className="mt-4 mb-5 flex-1" />
            <button
              type="button"
              onClick={() => onBuy(p)}
              aria-label={`${p.days > 0 ? t('centre.buy') : t('centre.buyRefill')} ${p.name}`}
              className={clsx(
                'inline-flex h-10 items-center justify-center rounded-xl text-sm font-medium transition-colors',
                hot
                  ? 'bg-primary text-white hover:bg-primary-hover'
                  : 'bg-neutral-900 text-white hover:bg-neutral-700 dark:bg-neutral-100 dark:text-neutral-900 dark:hover:bg-white',
              )}
            >
              {p.days > 0 ? t('centre.buy') : t('centre.buyRefill')}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
