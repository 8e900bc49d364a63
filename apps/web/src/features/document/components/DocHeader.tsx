import { Crown, FolderOpen } from 'lucide-react';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { SidebarToggle } from '../../../components/SidebarToggle.tsx';
import { iconButton } from '../../../components/styles.ts';
import { ThemeSwitch } from '../../../components/ThemeSwitch.tsx';
import { useSession } from '../../../lib/session.ts';
import { activeGroup, useDocuments } from '../stores/document-store.ts';
import { useDocUi } from '../stores/ui-store.ts';
import { formatSize } from '../logic/format.ts';
import { FileIcon } from './FileIcon.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

interface Props {
  mobile: boolean;
  canExport: boolean;
  exportTarget: () => HTMLElement | null;
}

/**
 * SPEC §2.7 header on document chat: the open document's title (no model picker), export; on
 * mobile also the sidebar toggle, theme switch and buy-VIP. The documents button shows wherever
 * the list has no column (below lg).
 */
export function DocHeader({ mobile, canExport, exportTarget }: Props) {
  const { t } = useTranslation('document');
  const doc = useDocuments(activeGroup);
  const title = doc?.title ?? t('title');
  const meta = doc ? [doc.file_ext.toUpperCase(), doc.pages ? t('pages', { count: doc.pages }) : null, formatSize(doc.file_size)].filter(Boolean).join(' · ') : null;
  const docsButton = (
    <button type="button" onClick={() => useDocUi.getState().set({ drawerOpen: true })} aria-label={t('openDocs')} title={t('openDocs')} className={`${iconButton} lg:hidden`}>
      <FolderOpen className="size-[18px]" aria-hidden />
    </button>
  );
  const exportButton = <ExportButton target={exportTarget} disabled={!canExport} />;

  return (
    <header className="relative z-20 flex shrink-0 items-center border-b border-neutral-100 bg-white/90 pt-[env(safe-area-inset-top)] backdrop-blur md:border-transparent md:bg-transparent dark:border-neutral-800/80 dark:bg-neutral-950/90 md:dark:border-transparent md:dark:bg-transparent">
      {mobile ? (
        <div className="flex h-[52px] w-full items-center gap-0.5 pr-[max(0.5rem,env(safe-area-inset-right))] pl-[max(0.5rem,env(safe-area-inset-left))]">
          <SidebarToggle />
          {docsButton}
          <div className="flex min-w-0 flex-1 flex-col items-center px-1">
            <h1 className="max-w-full truncate text-[15px] leading-5 font-medium">{title}</h1>
            {meta && <p className="max-w-full truncate text-[11px] leading-4 text-neutral-400">{meta}</p>}
          </div>
          <ThemeSwitch variant="compact" />
          <button type="button" onClick={() => useSession.getState().openDialog('goods')} aria-label={t('buyVip')} title={t('buyVip')} className={`${iconButton} text-amber-600 dark:text-amber-300`}>
            <Crown className="size-[18px]" aria-hidden />
          </button>
          {exportButton}
        </div>
      ) : (
        <div className="flex h-14 w-full items-center gap-2.5 px-4">
          {docsButton}
          {doc && <FileIcon ext={doc.file_ext} size="sm" />}
          <div className="flex min-w-0 flex-1 items-baseline gap-2.5">
            <h1 className="min-w-0 truncate text-[15px] font-medium">{title}</h1>
            {meta && <span className="shrink-0 text-xs text-neutral-400 dark:text-neutral-500">{meta}</span>}
          </div>
          {exportButton}
        </div>
      )}
    </header>
  );
}
