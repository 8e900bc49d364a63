import { clsx } from 'clsx';

const block = 'animate-pulse rounded-md bg-neutral-200/70 dark:bg-neutral-800';

/** Placeholder cards while the store loads, shaped like the real ones so nothing jumps. */
export function StoreSkeleton({ compact, count = 8 }: { compact?: boolean; count?: number }) {
  return (
    <ul aria-hidden className={compact ? 'flex flex-col gap-2.5' : 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4'}>
      {Array.from({ length: count }, (_, i) => (
        <li
          key={i}
          className={clsx(
            'flex gap-3 rounded-2xl border border-neutral-200/70 bg-white dark:border-neutral-800 dark:bg-neutral-900',
            compact ? 'p-3.5' : 'p-4',
          )}
        >
          <div className={clsx('shrink-0 animate-pulse rounded-xl bg-neutral-200/70 dark:bg-neutral-800', compact ? 'size-11' : 'size-12')} />
          <div className="flex flex-1 flex-col gap-2 pt-1">
            <div className={clsx(block, 'h-4 w-2/5')} />
            <div className={clsx(block, 'h-3 w-full')} />
            <div className={clsx(block, 'h-3 w-3/4')} />
            {!compact && <div className={clsx(block, 'mt-1 h-3 w-1/4')} />}
          </div>
        </li>
      ))}
    </ul>
  );
}
