import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import { Bot, ClipboardList, FileSearch, Images, Inbox, LayoutDashboard, LayoutGrid, Package, Palette, Plug, ReceiptText, ShieldAlert, SlidersHorizontal, TicketCheck, Undo2, UserCog, Wrench } from 'lucide-react';
import { Link, NavLink } from '../../lib/router/index.tsx';
import { useTranslation } from '../../lib/i18n.ts';

const NAV = [
  { to: '/admin/dashboard', key: 'dashboard', Icon: LayoutDashboard },
  { to: '/admin/users', key: 'users', Icon: UserCog },
  { to: '/admin/orders', key: 'orders', Icon: ReceiptText },
  { to: '/admin/models', key: 'models', Icon: Bot },
  { to: '/admin/catalogue', key: 'adminCatalogue:nav.catalogue', Icon: Package },
  { to: '/admin/card-keys', key: 'cards', Icon: TicketCheck },
  { to: '/admin/apps', key: 'adminContent:nav.apps', Icon: LayoutGrid },
  { to: '/admin/draw-content', key: 'adminCatalogue:nav.drawContent', Icon: Palette },
  { to: '/admin/gallery', key: 'adminCatalogue:nav.gallery', Icon: Images },
  { to: '/admin/document-actions', key: 'adminContent:nav.docActions', Icon: FileSearch },
  { to: '/admin/words', key: 'adminContent:nav.words', Icon: ShieldAlert },
  { to: '/admin/feedback', key: 'feedback', Icon: Inbox },
  { to: '/admin/site', key: 'site', Icon: SlidersHorizontal },
  { to: '/admin/integrations', key: 'adminIntegrations:nav.integrations', Icon: Plug },
  { to: '/admin/tools', key: 'adminTools:nav.tools', Icon: Wrench },
  { to: '/admin/audit', key: 'audit', Icon: ClipboardList },
] as const;

/** A side menu from md up; on a phone a header with the menu as a scrolling tab row. */
export function AdminLayout({ admin, children }: { admin: { nickname: string; siteName: string }; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const link = ({ isActive }: { isActive: boolean }) =>
    clsx(
      'flex items-center gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium',
      isActive ? 'bg-primary-soft text-primary-fg' : 'text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800',
    );
  const items = NAV.map(({ to, key, Icon }) => (
    <li key={key}>
      <NavLink to={to} className={link}>
        <Icon className="h-4 w-4 shrink-0" aria-hidden />
        {t(key.includes(':') ? key : `nav.${key}`)}
      </NavLink>
    </li>
  ));
  return (
    <div className="flex h-full flex-col bg-neutral-50 text-neutral-900 md:flex-row dark:bg-neutral-950 dark:text-neutral-100">
      <aside className="hidden w-56 shrink-0 flex-col border-r border-neutral-200 bg-white md:flex dark:border-neutral-800 dark:bg-neutral-900">
        <div className="px-4 py-4">
          <p className="text-base font-semibold">{t('title')}</p>
          <p className="truncate text-xs text-neutral-600 dark:text-neutral-400">
            {admin.siteName} · {admin.nickname}
          </p>
        </div>
        <nav aria-label={t('nav.label')} className="flex-1 px-2">
          <ul className="flex flex-col gap-1">{items}</ul>
        </nav>
        <Link to="/talk" className="m-2 flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800">
          <Undo2 className="h-4 w-4" aria-hidden />
          {t('nav.backToSite')}
        </Link>
      </aside>
      <header className="border-b border-neutral-200 bg-white md:hidden dark:border-neutral-800 dark:bg-neutral-900">
        <div className="flex items-center justify-between px-4 pt-3">
          <p className="text-base font-semibold">{t('title')}</p>
          <Link to="/talk" className="text-sm text-primary-fg">
            {t('nav.backToSite')}
          </Link>
        </div>
        <nav aria-label={t('nav.label')} className="overflow-x-auto px-2 py-2">
          <ul className="flex gap-1">{items}</ul>
        </nav>
      </header>
      <main className="min-h-0 min-w-0 flex-1 overflow-y-auto p-4 md:p-6">{children}</main>
    </div>
  );
}
