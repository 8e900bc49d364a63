import type { ReactNode } from 'react';
import { FlaskConical } from 'lucide-react';
import { SidebarToggle } from '../../../components/SidebarToggle.tsx';
import '../locales.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** A drawing screen: the title (with the offline badge when no provider is set), the form on the left, results on the right (stacked on mobile). */
export function DrawShell({ title, subtitle, offline, form, children, testId }: { title: string; subtitle: string; offline?: boolean; form: ReactNode; children: ReactNode; testId: string }) {
  const { t } = useTranslation('draw');
  return (
    <div className="h-full overflow-y-auto bg-neutral-50 dark:bg-neutral-950" data-testid={testId}>
      <header className="sticky top-0 z-20 flex h-12 items-center gap-1 border-b border-neutral-200/60 bg-neutral-50/95 px-2 backdrop-blur md:hidden dark:border-neutral-800/60 dark:bg-neutral-950/95">
        <SidebarToggle />
        <h1 className="min-w-0 flex-1 truncate text-[15px] font-medium">{title}</h1>
        {offline && <OfflineBadge />}
      </header>
      <div className="mx-auto w-full max-w-7xl px-4 pt-4 pb-10 sm:px-6 md:px-8 md:pt-8">
        <div className="mb-6 hidden items-end justify-between gap-4 md:flex">
          <div>
            <h1 className="text-2xl font-semibold tracking-tight text-neutral-900 dark:text-neutral-50">{title}</h1>
            <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">{subtitle}</p>
          </div>
          {offline && <OfflineBadge long />}
        </div>
        <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
          <section className="w-full shrink-0 rounded-2xl border border-neutral-200/70 bg-white p-4 shadow-sm lg:sticky lg:top-6 lg:w-[380px] dark:border-neutral-800 dark:bg-neutral-900">
            {form}
            {/* Under the form on a phone: it arrives with the image types and would push the whole form down above it. */}
            {offline && <p className="mt-3 text-xs text-amber-700 md:hidden dark:text-amber-400">{t('offlineHint')}</p>}
          </section>
          <div className="min-w-0 flex-1 space-y-8">{children}</div>
        </div>
      </div>
    </div>
  );
}

export function OfflineBadge({ long }: { long?: boolean }) {
  const { t } = useTranslation('draw');
  return (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-medium text-amber-800 dark:bg-amber-900/40 dark:text-amber-300" title={t('offlineHint')}>
      <FlaskConical className="size-3.5" aria-hidden />
      {long ? `${t('offline')} · ${t('offlineHint')}` : t('offline')}
    </span>
  );
}

/** A section heading of the results column. */
export function SectionTitle({ children, extra }: { children: ReactNode; extra?: ReactNode }) {
  return (
    <div className="mb-3 flex items-center justify-between gap-2">
      <h2 className="text-base font-semibold text-neutral-900 dark:text-neutral-100">{children}</h2>
      {extra}
    </div>
  );
}
