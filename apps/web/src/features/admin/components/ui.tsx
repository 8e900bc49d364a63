import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import { useTranslation } from '../../../lib/i18n.ts';

export const btn = {
  primary: 'inline-flex shrink-0 items-center whitespace-nowrap justify-center gap-1.5 rounded-lg bg-primary px-3.5 py-2 text-sm font-medium text-white hover:bg-primary-hover disabled:opacity-60',
  secondary:
    'inline-flex shrink-0 items-center justify-center gap-1.5 whitespace-nowrap rounded-lg border border-neutral-300 bg-white px-3.5 py-2 text-sm font-medium text-neutral-800 hover:bg-neutral-50 disabled:opacity-60 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:hover:bg-neutral-800',
  danger: 'inline-flex shrink-0 items-center whitespace-nowrap justify-center gap-1.5 rounded-lg bg-red-700 px-3.5 py-2 text-sm font-medium text-white hover:bg-red-800 disabled:opacity-60',
  icon: 'inline-flex h-8 w-8 items-center justify-center rounded-md text-neutral-600 hover:bg-neutral-100 disabled:opacity-40 dark:text-neutral-300 dark:hover:bg-neutral-800',
};

export const input =
  'w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 outline-none focus:border-primary focus:ring-2 focus:ring-primary/20 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100';

export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-xl font-semibold">{children}</h1>
      {actions}
    </div>
  );
}

export function Card({ title, children, className, actions }: { title?: ReactNode; children: ReactNode; className?: string; actions?: ReactNode }) {
  return (
    <section className={clsx('rounded-xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900', className)}>
      {(title || actions) && (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          {title && <h2 className="text-base font-semibold">{title}</h2>}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}

/** A labelled form control; `hint` under it. */
export function Field({ label, htmlFor, hint, children }: { label: ReactNode; htmlFor: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={htmlFor} className="text-sm font-medium text-neutral-700 dark:text-neutral-300">
        {label}
      </label>
      {children}
      {hint && <p className="text-xs text-neutral-600 dark:text-neutral-400">{hint}</p>}
    </div>
  );
}

export interface Column<T> {
  key: string;
  title: ReactNode;
  render(row: T): ReactNode;
  className?: string;
}

/** A table on desktop; on narrow screens each row becomes a card of label / value pairs. */
export function DataTable<T>({ rows, columns, rowKey, caption }: { rows: T[]; columns: Column<T>[]; rowKey(row: T): string | number; caption: string }) {
  const { t } = useTranslation('admin');
  if (!rows.length) return <p className="py-6 text-center text-sm text-neutral-600 dark:text-neutral-400">{t('common.empty')}</p>;
  return (
    <>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-neutral-200 text-neutral-600 dark:border-neutral-800 dark:text-neutral-400">
              {columns.map((c) => (
                <th key={c.key} scope="col" className="whitespace-nowrap px-2 py-2 font-medium">
                  {c.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={rowKey(r)} className="border-b border-neutral-100 last:border-0 dark:border-neutral-800/60">
                {columns.map((c) => (
                  <td key={c.key} className={clsx('px-2 py-2 align-top', c.className)}>
                    {c.render(r)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-2 md:hidden" aria-label={caption}>
        {rows.map((r) => (
          <li key={rowKey(r)} className="rounded-lg border border-neutral-200 p-3 text-sm dark:border-neutral-800">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              {columns.map((c) => (
                <div key={c.key} className="contents">
                  <dt className="text-neutral-600 dark:text-neutral-400">{c.title}</dt>
                  <dd className="min-w-0 break-all">{c.render(r)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

export function Pager({ page, size, total, onPage }: { page: number; size: number; total: number; onPage(p: number): void }) {
  const { t } = useTranslation('admin');
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <nav className="mt-3 flex items-center justify-between gap-2 text-sm" aria-label={t('common.page', { page, pages })}>
      <span className="text-neutral-600 dark:text-neutral-400">{t('common.total', { count: total })}</span>
      <div className="flex items-center gap-2">
        <button type="button" className={btn.secondary} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('common.prev')}
        </button>
        <span>{t('common.page', { page, pages })}</span>
        <button type="button" className={btn.secondary} disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('common.next')}
        </button>
      </div>
    </nav>
  );
}

export function Badge({ tone, children }: { tone: 'green' | 'red' | 'indigo' | 'gray'; children: ReactNode }) {
  const tones = {
    green: 'bg-green-50 text-green-800 dark:bg-green-900/30 dark:text-green-300',
    red: 'bg-red-50 text-red-800 dark:bg-red-900/30 dark:text-red-300',
    indigo: 'bg-indigo-50 text-indigo-800 dark:bg-indigo-900/30 dark:text-indigo-300',
    gray: 'bg-neutral-100 text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300',
  };
  return <span className={clsx('inline-block whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-medium', tones[tone])}>{children}</span>;
}

export function Toggle({ id, checked, onChange, label }: { id: string; checked: boolean; onChange(v: boolean): void; label: string }) {
  return (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      onClick={() => onChange(!checked)}
      className={clsx('relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors', checked ? 'bg-primary' : 'bg-neutral-400 dark:bg-neutral-600')}
    >
      <span className={clsx('inline-block h-5 w-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-5' : 'translate-x-0.5')} />
    </button>
  );
}
