import { NavLink } from '../../lib/router/index.tsx';
import { clsx } from 'clsx';
import { useSession } from '../../lib/session.ts';
import { sidebarEntries } from './menu.ts';
import { menuIcon } from './menu-icons.ts';
import '../locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

interface Props {
  variant: 'desktop' | 'drawer';
  collapsed?: boolean;
  onNavigate?(): void;
}

/** The menu entries of SPEC §2.4, from the server's clientMenuList. */
export function SidebarMenu({ variant, collapsed = false, onNavigate }: Props) {
  const { t } = useTranslation('app');
  const menu = useSession((s) => s.globalConfig?.clientMenuList);
  const entries = sidebarEntries(menu, variant);
  return (
    <nav aria-label={t('layout.mainNav')} className="scroll-thin min-h-0 flex-1 overflow-y-auto px-3 py-2">
      <ul className="flex flex-col gap-0.5">
        {entries.map((entry) => {
          const Icon = menuIcon(entry.icon, entry.code);
          return (
            <li key={entry.code}>
              <NavLink
                to={entry.path}
                onClick={onNavigate}
                title={collapsed ? entry.label : undefined}
                aria-label={collapsed ? entry.label : undefined}
                className={({ isActive }) =>
                  clsx(
                    'flex h-9 items-center gap-3 rounded-lg text-[14px] transition-colors',
                    collapsed ? 'justify-center' : 'px-3',
                    isActive
                      ? 'bg-primary-soft font-medium text-primary-fg'
                      : 'text-neutral-700 hover:bg-neutral-200/60 dark:text-neutral-300 dark:hover:bg-neutral-800',
                  )
                }
              >
                <Icon className="size-[18px] shrink-0" strokeWidth={1.8} aria-hidden />
                {!collapsed && <span className="truncate">{entry.label}</span>}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
