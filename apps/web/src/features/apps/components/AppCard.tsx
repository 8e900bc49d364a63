import { Star, Trash2 } from 'lucide-react';
import { Link } from '../../../lib/router/index.tsx';
import { clsx } from 'clsx';
import type { AppCard as Card } from '@app/shared';
import { chatPathOf } from '../constants.ts';
import { appIcon } from '../../../components/app-icons.ts';
import { useTranslation } from '../../../lib/i18n.ts';

interface Props {
  app: Card;
  /** Compact rows for the mobile app square. */
  compact?: boolean;
  /** Mark experts (the store mixes them with templates). */
  showKind?: boolean;
  busy?: boolean;
  onToggleCollect(app: Card): void;
  onDelete?(app: Card): void;
}

const iconButton =
  'relative z-10 inline-flex size-9 items-center justify-center rounded-lg transition-colors focus-visible:outline-2 disabled:opacity-60 md:size-8';

/**
 * One app: the whole card opens its chat screen (templates /talk-temp, experts /talk-expert);
 * the star (and, for my own apps, the bin) sit above the link.
 */
export function AppCard({ app, compact, showKind, busy, onToggleCollect, onDelete }: Props) {
  const { t } = useTranslation('apps');
  const Icon = appIcon(app.icon);
  const badge = app.custom ? t('kind.custom') : showKind && app.kind === 'expert' ? t('kind.expert') : null;
  const meta = [app.category, app.collect_count > 0 ? t('card.collects', { count: app.collect_count }) : null].filter(Boolean).join(' · ');
  return (
    <li
      data-testid="app-card"
      className={clsx(
        'group relative flex gap-3 border border-neutral-200/70 bg-white transition-[border-color,box-shadow] dark:border-neutral-800 dark:bg-neutral-900',
        'hover:border-primary/30 hover:shadow-[0_6px_20px_-10px_rgb(79_70_229/0.35)] dark:hover:border-indigo-400/30 dark:hover:shadow-none',
        compact ? 'rounded-2xl p-3.5' : 'rounded-2xl p-4',
      )}
    >
      <span
        className={clsx(
          'flex shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-fg',
          compact ? 'size-11' : 'size-12',
        )}
        aria-hidden
      >
        <Icon className={compact ? 'size-[22px]' : 'size-6'} strokeWidth={1.75} />
      </span>
      <div className={clsx('min-w-0 flex-1', compact && (app.custom && onDelete ? 'pr-[4.5rem]' : 'pr-9'))}>
        <div className={clsx('flex min-w-0 items-center gap-1.5', !compact && (app.custom && onDelete ? 'pr-16' : 'pr-8'))}>
          <h3 className="truncate text-[15px] font-medium leading-6 text-neutral-900 dark:text-neutral-100">
            <Link
              to={chatPathOf(app)}
              aria-label={t('card.open', { title: app.title })}
              className="outline-none after:absolute after:inset-0 after:rounded-2xl focus-visible:after:outline-2 focus-visible:after:outline-primary/60"
            >
              {app.title}
            </Link>
          </h3>
          {badge && (
            <span className="shrink-0 rounded-md bg-neutral-100 px-1.5 text-[11px] leading-[18px] text-neutral-500 dark:bg-neutral-800 dark:text-neutral-400">
              {badge}
            </span>
          )}
        </div>
        <p className="mt-0.5 line-clamp-2 text-[13px] leading-5 text-neutral-500 dark:text-neutral-400">{app.description || '\u00a0'}</p>
        {meta && !compact && <p className="mt-2 truncate text-xs leading-4 text-neutral-400 dark:text-neutral-500">{meta}</p>}
      </div>
      <div className={clsx('absolute flex items-center', compact ? 'right-2 top-1/2 -translate-y-1/2' : 'right-2.5 top-2.5')}>
        {onDelete && app.custom && (
          <button
            type="button"
            onClick={() => onDelete(app)}
            aria-label={t('card.delete', { title: app.title })}
            className={clsx(iconButton, 'text-neutral-400 hover:bg-red-50 hover:text-red-500 dark:hover:bg-red-500/10 dark:hover:text-red-400')}
          >
            <Trash2 className="size-[17px]" aria-hidden />
          </button>
        )}
        {!app.custom && (
          <button
            type="button"
            onClick={() => onToggleCollect(app)}
            disabled={busy}
            aria-pressed={app.collected}
            aria-label={t(app.collected ? 'card.uncollect' : 'card.collect', { title: app.title })}
            className={clsx(
              iconButton,
              app.collected
                ? 'text-amber-500 hover:bg-amber-50 dark:text-amber-400 dark:hover:bg-amber-400/10'
                : 'text-neutral-300 hover:bg-neutral-100 hover:text-neutral-500 dark:text-neutral-600 dark:hover:bg-neutral-800 dark:hover:text-neutral-300',
            )}
          >
            <Star className="size-[18px]" fill={app.collected ? 'currentColor' : 'none'} strokeWidth={1.8} aria-hidden />
          </button>
        )}
      </div>
    </li>
  );
}
