import type { ReactNode } from 'react';
import clsx from 'clsx';

export function Card({ title, action, children, className }: { title?: string; action?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={clsx('rounded-2xl border border-neutral-200/70 bg-white p-4 sm:p-5 dark:border-neutral-800 dark:bg-neutral-900', className)}>
      {(title || action) && (
        <div className="mb-3 flex items-center justify-between gap-3">
          {title && <h2 className="text-[15px] font-semibold text-neutral-900 dark:text-neutral-100">{title}</h2>}
          {action}
        </div>
      )}
      {children}
    </section>
  );
}
