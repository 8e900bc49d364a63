import { Sparkles, type LucideIcon } from 'lucide-react';
import { Link, useLocation } from '../lib/router/index.tsx';
import { SidebarToggle } from './SidebarToggle.tsx';
import './locales.ts';
import { useTranslation } from '../lib/i18n.ts';

/** A screen whose feature has not landed yet: its title and an honest 即将上线 state. */
export function ComingSoon({ titleKey, icon: Icon = Sparkles }: { titleKey: string; icon?: LucideIcon }) {
  const { t } = useTranslation('app');
  const { t: tc } = useTranslation('common');
  const { pathname } = useLocation();
  const title = t(titleKey);
  return (
    <div className="flex h-full flex-col">
      <header className="flex h-12 shrink-0 items-center gap-1 border-b border-neutral-100 px-2 md:hidden dark:border-neutral-800">
        <SidebarToggle />
        <span className="truncate text-[15px] font-medium">{title}</span>
      </header>
      <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 pb-16 text-center">
        <div className="mb-2 flex size-16 items-center justify-center rounded-2xl bg-primary-soft text-primary-fg">
          <Icon className="size-8" strokeWidth={1.6} aria-hidden />
        </div>
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        <p className="inline-flex items-center rounded-full bg-neutral-100 px-3 py-0.5 text-xs font-medium text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300">
          {t('comingSoon')}
        </p>
        <p className="max-w-xs text-sm text-neutral-500 dark:text-neutral-400">{tc('comingSoonLine')}</p>
        {pathname !== '/talk' && (
          <Link
            to="/talk"
            className="mt-3 inline-flex h-10 items-center rounded-full bg-primary px-6 text-sm font-medium text-white transition-colors hover:bg-primary-hover"
          >
            {tc('backToChat')}
          </Link>
        )}
      </div>
    </div>
  );
}
