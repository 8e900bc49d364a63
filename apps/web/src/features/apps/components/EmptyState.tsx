import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** What to show when a list is empty: why, and what the user can do about it. */
export function EmptyState({ icon: Icon, title, description, children }: { icon: LucideIcon; title: string; description?: string; children?: ReactNode }) {
  return (
    <div role="status" className="flex flex-col items-center px-6 py-14 text-center md:py-20">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-neutral-100 text-neutral-400 dark:bg-neutral-800/80 dark:text-neutral-500">
        <Icon className="size-7" strokeWidth={1.6} aria-hidden />
      </span>
      <h2 className="mt-4 text-[15px] font-medium text-neutral-800 dark:text-neutral-100">{title}</h2>
      {description && <p className="mt-1.5 max-w-sm text-[13px] leading-6 text-neutral-500 dark:text-neutral-400">{description}</p>}
      {children && <div className="mt-5 flex flex-wrap items-center justify-center gap-2">{children}</div>}
    </div>
  );
}

export const emptyButton = {
  primary:
    'inline-flex h-10 items-center justify-center gap-1.5 rounded-xl bg-primary px-5 text-sm font-medium text-white transition-colors hover:bg-primary-hover',
  secondary:
    'inline-flex h-10 items-center justify-center gap-1.5 rounded-xl px-5 text-sm text-neutral-600 ring-1 ring-neutral-200 ring-inset transition-colors hover:bg-neutral-100 dark:text-neutral-300 dark:ring-neutral-700 dark:hover:bg-neutral-800',
};
