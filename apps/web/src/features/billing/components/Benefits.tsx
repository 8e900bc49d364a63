import { Check } from 'lucide-react';
import clsx from 'clsx';

/** A package's description lines as feature bullets (SPEC §3: lines separated by newlines). */
export function Benefits({ description, grid, className }: { description: string; grid?: boolean; className?: string }) {
  const lines = description
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (!lines.length) return null;
  return (
    <ul className={clsx(grid ? 'grid grid-cols-2 gap-x-3 gap-y-1' : 'flex flex-col gap-2', className)}>
      {lines.map((line, i) => (
        <li key={i} className="flex items-start gap-2 text-sm text-neutral-700 dark:text-neutral-300">
          <span className="mt-[3px] flex size-4 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-fg">
            <Check className="size-3" strokeWidth={3} aria-hidden />
          </span>
          <span className="leading-6">{line}</span>
        </li>
      ))}
    </ul>
  );
}
