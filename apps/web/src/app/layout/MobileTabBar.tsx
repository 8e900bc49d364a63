import { NavLink } from '../../lib/router/index.tsx';
import { clsx } from 'clsx';
import { useSession } from '../../lib/session.ts';
import { mobileBarEntries } from './menu.ts';
import { menuIcon } from './menu-icons.ts';
import '../locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

/** SPEC §2.5: the bottom bar on mobile, within thumb reach, above the home indicator. */
export function MobileTabBar() {
  const { t } = useTranslation('app');
  const menu = useSession((s) => s.globalConfig?.clientMenuList);
  const entries = mobileBarEntries(menu);
  if (entries.length === 0) return null;
  return (
    <nav
      aria-label={t('layout.mobileNav')}
      data-testid="mobile-tab-bar"
      className="shrink-0 border-t border-neutral-200/80 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden dark:border-neutral-800 dark:bg-neutral-950/95"
    >
      <ul className="grid px-[env(safe-area-inset-left)]" style={{ gridTemplateColumns: `repeat(${entries.length}, minmax(0, 1fr))` }}>
        {entries.map((entry) => {
          const Icon = menuIcon(entry.icon, entry.code);
          return (
            <li key={entry.code}>
              <NavLink
                to={entry.path}
                className={({ isActive }) =>
                  clsx(
                    'flex h-14 flex-col items-center justify-center gap-0.5 text-[11px] leading-4 transition-colors',
                    isActive ? 'font-medium text-primary-fg' : 'text-neutral-500 active:text-neutral-800 dark:text-neutral-400',
                  )
                }
              >
                {({ isActive }) => (
                  <>
                    <Icon className="size-[22px]" strokeWidth={isActive ? 2.1 : 1.7} aria-hidden />
                    <span className="max-w-full truncate px-0.5">{entry.label}</span>
                  </>
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
