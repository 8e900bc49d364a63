import { PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import { Link } from '../../lib/router/index.tsx';
import { clsx } from 'clsx';
import { SITE_NAME_DEFAULT } from '@app/shared/constants';
import { useAppSetting } from '../../lib/app-setting.ts';
import { useSession } from '../../lib/session.ts';
import { AccountPanel } from './AccountPanel.tsx';
import { Copyright } from './Copyright.tsx';
import { SidebarMenu } from './SidebarMenu.tsx';
import '../locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

const headerButton =
  'inline-flex size-8 items-center justify-center rounded-lg text-neutral-500 transition-colors hover:bg-neutral-200/70 hover:text-neutral-800 dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-neutral-100';

function Brand({ showName }: { showName: boolean }) {
  const siteName = useSession((s) => s.globalConfig?.siteName) || SITE_NAME_DEFAULT;
  const logo = useSession((s) => s.globalConfig?.clientFavoIconPath) || '/favicon.svg';
  return (
    <Link to="/talk" className="flex min-w-0 items-center gap-2.5" aria-label={siteName}>
      <img src={logo} alt="" className="size-7 shrink-0 rounded-lg" />
      {showName && <span className="truncate text-[17px] font-semibold tracking-tight">{siteName}</span>}
    </Link>
  );
}

/** SPEC §2.4: the desktop side panel (260 px, or an icon rail when collapsed). */
export function DesktopSidebar() {
  const { t } = useTranslation('app');
  const collapsed = useAppSetting((s) => s.siderCollapsed);
  const setCollapsed = useAppSetting((s) => s.setSiderCollapsed);
  return (
    <aside
      data-testid="desktop-sidebar"
      className={clsx(
        'hidden shrink-0 flex-col border-r border-neutral-200/70 bg-neutral-50 transition-[width] duration-200 md:flex dark:border-neutral-800 dark:bg-neutral-900',
        collapsed ? 'w-[72px]' : 'w-[260px]',
      )}
    >
      <div className={clsx('flex h-14 shrink-0 items-center', collapsed ? 'flex-col justify-center gap-1 pt-3 pb-1 h-auto' : 'justify-between pl-5 pr-3')}>
        <Brand showName={!collapsed} />
        <button
          type="button"
          onClick={() => setCollapsed(!collapsed)}
          aria-label={collapsed ? t('layout.expand') : t('layout.collapse')}
          title={collapsed ? t('layout.expand') : t('layout.collapse')}
          className={headerButton}
        >
          {collapsed ? <PanelLeftOpen className="size-[18px]" aria-hidden /> : <PanelLeftClose className="size-[18px]" aria-hidden />}
        </button>
      </div>
      <SidebarMenu variant="desktop" collapsed={collapsed} />
      <AccountPanel collapsed={collapsed} />
    </aside>
  );
}

/** The same panel inside the mobile overlay, with a close button and the copyright line. */
export function DrawerSidebar({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('common');
  return (
    <div className="flex h-full flex-col bg-neutral-50 pt-[env(safe-area-inset-top)] pb-[env(safe-area-inset-bottom)] dark:bg-neutral-900">
      <div className="flex h-14 shrink-0 items-center justify-between pl-5 pr-3">
        <Brand showName />
        <button type="button" onClick={onClose} aria-label={t('close')} className={clsx(headerButton, 'size-9')}>
          <X className="size-5" aria-hidden />
        </button>
      </div>
      <SidebarMenu variant="drawer" onNavigate={onClose} />
      <AccountPanel qrPlacement="top" onNavigate={onClose} />
      <Copyright className="px-4 pb-3" />
    </div>
  );
}
