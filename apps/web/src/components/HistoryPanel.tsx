import type { ReactNode } from 'react';
import { Plus } from 'lucide-react';
import { useSession } from '../lib/session.ts';

interface HistoryPanelProps {
  texts: { new: string; title: string; guest: string; login: string; empty: string };
  guest: boolean;
  loading: boolean;
  empty: boolean;
  /** Height of a placeholder row while loading (matches the rows). */
  skeletonClass?: string;
  onNew(): void;
  /** The list's <li> rows. */
  children: ReactNode;
}

/** The history column of a tool screen (mind maps, translations): a new-item button, then guest, loading, empty or the rows. */
export function HistoryPanel({ texts, guest, loading, empty, skeletonClass = 'h-9', onNew, children }: HistoryPanelProps) {
  return (
    <div className="flex h-full flex-col">
      <div className="p-3">
        <button type="button" onClick={onNew} className="flex h-10 w-full items-center justify-center gap-1.5 rounded-xl border border-neutral-200 bg-white text-sm font-medium hover:border-primary hover:text-primary-fg dark:border-neutral-700 dark:bg-neutral-900">
          <Plus className="size-4" aria-hidden />
          {texts.new}
        </button>
      </div>
      <h2 className="px-4 pb-1 text-xs font-medium text-neutral-500 dark:text-neutral-400">{texts.title}</h2>
      <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">
        {guest ? (
          <p className="px-2 py-6 text-center text-[13px] text-neutral-500">
            {texts.guest}{' '}
            <button type="button" className="text-primary-fg underline" onClick={() => useSession.getState().openLogin()}>
              {texts.login}
            </button>
          </p>
        ) : loading ? (
          <div className="space-y-2 px-2 pt-1" aria-hidden>
            {[0, 1, 2].map((i) => (
              <div key={i} className={`${skeletonClass} animate-pulse rounded-lg bg-neutral-200/70 dark:bg-neutral-800`} />
            ))}
          </div>
        ) : empty ? (
          <p className="px-2 py-6 text-center text-[13px] text-neutral-500">{texts.empty}</p>
        ) : (
          <ul className="space-y-0.5">{children}</ul>
        )}
      </div>
    </div>
  );
}
