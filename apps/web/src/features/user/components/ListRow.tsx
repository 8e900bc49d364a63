import type { ReactNode } from 'react';
import { Link } from '../../../lib/router/index.tsx';
import { ChevronRight, type LucideIcon } from 'lucide-react';

interface Props {
  icon: LucideIcon;
  title: string;
  desc?: string;
  to?: string;
  onClick?: () => void;
  /** A marker at the end (e.g. unread replies), read out with the title. */
  badge?: string;
}

/** One tappable row of a settings-style list: a link when `to` is given, else a button. */
export function ListRow({ icon: Icon, title, desc, to, onClick, badge }: Props) {
  const body: ReactNode = (
    <>
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-neutral-100 text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300">
        <Icon className="size-4" aria-hidden />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm text-neutral-900 dark:text-neutral-100">{title}</span>
        {desc && <span className="block truncate text-xs text-neutral-400 dark:text-neutral-500">{desc}</span>}
      </span>
      {badge && <span className="shrink-0 rounded-full bg-red-600 px-2 py-0.5 text-xs font-medium text-white">{badge}</span>}
      <ChevronRight className="size-4 shrink-0 text-neutral-300 dark:text-neutral-600" aria-hidden />
    </>
  );
  const cls = 'flex w-full items-center gap-3 rounded-xl px-2 py-2.5 text-left transition-colors hover:bg-neutral-50 dark:hover:bg-neutral-800/60';
  return to ? (
    <Link to={to} className={cls}>
      {body}
    </Link>
  ) : (
    <button type="button" onClick={onClick} className={cls}>
      {body}
    </button>
  );
}
