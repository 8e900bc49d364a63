import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** The shared look of the 404 and 500 screens: a big faint code, an icon, a title, one line and actions. */
export function StatusScreen({ code, icon: Icon, title, line, children }: { code: string; icon: LucideIcon; title: string; line: string; children: ReactNode }) {
  return (
    <div className="flex min-h-full flex-col items-center justify-center px-6 py-16 text-center">
      <div className="relative mb-6 flex items-center justify-center">
        <span className="select-none text-[96px] font-bold leading-none tracking-tight text-neutral-100 md:text-[128px] dark:text-neutral-800/80" aria-hidden>
          {code}
        </span>
        <span className="absolute flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary-fg shadow-sm">
          <Icon className="size-7" strokeWidth={1.7} aria-hidden />
        </span>
      </div>
      <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-2 max-w-sm text-sm text-neutral-500 dark:text-neutral-400">{line}</p>
      <div className="mt-6 flex flex-wrap items-center justify-center gap-3">{children}</div>
    </div>
  );
}

export const statusButton = {
  primary: 'inline-flex h-10 items-center rounded-full bg-primary px-6 text-sm font-medium text-white transition-colors hover:bg-primary-hover',
  secondary:
    'inline-flex h-10 items-center rounded-full border border-neutral-200 px-6 text-sm font-medium text-neutral-700 transition-colors hover:bg-neutral-50 dark:border-neutral-700 dark:text-neutral-200 dark:hover:bg-neutral-800',
};
