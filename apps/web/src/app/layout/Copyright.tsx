import { clsx } from 'clsx';
import { useSession } from '../../lib/session.ts';

/** SPEC §2.3: the copyright line from website info. */
export function Copyright({ className }: { className?: string }) {
  const copyright = useSession((s) => s.website?.website.copyright);
  if (!copyright) return null;
  return <p className={clsx('text-center text-[11px] leading-5 text-neutral-500 dark:text-neutral-400', className)}>{copyright}</p>;
}
