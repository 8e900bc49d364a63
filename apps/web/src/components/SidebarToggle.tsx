import { Menu } from 'lucide-react';
import { clsx } from 'clsx';
import { openMobileSidebar } from '../lib/mobile-sidebar.ts';
import './locales.ts';
import { useTranslation } from '../lib/i18n.ts';

/** The menu button a screen header shows on mobile; it opens the layout's sidebar overlay. */
export function SidebarToggle({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  return (
    <button
      type="button"
      onClick={openMobileSidebar}
      aria-label={t('openSidebar')}
      className={clsx(
        'inline-flex size-9 items-center justify-center rounded-lg text-neutral-600 hover:bg-neutral-100 md:hidden dark:text-neutral-300 dark:hover:bg-neutral-800',
        className,
      )}
    >
      <Menu className="size-5" aria-hidden />
    </button>
  );
}
