import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';

/** A discreet line telling a tester that a local stand-in replaces the real service. */
export function DemoNote({ children }: { children: ReactNode }) {
  const { t } = useTranslation('auth');
  return (
    <p className="flex flex-wrap items-center justify-center gap-x-1.5 gap-y-0.5 text-xs leading-5 text-amber-700 dark:text-amber-400/90">
      <span className="rounded bg-amber-100 px-1.5 font-medium dark:bg-amber-400/10">{t('demo.badge')}</span>
      {children}
    </p>
  );
}
