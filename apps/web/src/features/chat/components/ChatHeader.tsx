import { Crown, History } from 'lucide-react';
import { SidebarToggle } from '../../../components/SidebarToggle.tsx';
import { ThemeSwitch } from '../../../components/ThemeSwitch.tsx';
import { useSession } from '../../../lib/session.ts';
import { useChatUi } from '../stores/ui-store.ts';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { ModelPicker } from './ModelPicker.tsx';
import { iconButton } from '../../../components/styles.ts';
import { ShareButton } from '../../../components/share-sheet/ShareButton.tsx';
import { SettingsButton } from '../../../components/settings/SettingsButton.tsx';
import { useChat } from '../stores/chat-store.ts';
import { useCurrentFeature } from '../stores/model-store.ts';
import { useTranslation } from '../../../lib/i18n.ts';

interface Props {
  mobile: boolean;
  title: string;
  canExport: boolean;
  exportTarget: () => HTMLElement | null;
  lockModel?: boolean;
}

/**
 * SPEC §2.7 header: title, model picker, export; on mobile also the sidebar toggle, theme switch
 * and buy-VIP. The history button shows wherever the history column does not fit (below lg).
 */
export function ChatHeader({ mobile, title, canExport, exportTarget, lockModel }: Props) {
  const { t } = useTranslation('chat');
  const openHistory = () => useChatUi.getState().set({ historyOpen: true });
  const setExporting = (exporting: boolean) => useChatUi.getState().set({ exporting });
  const uuid = useChat((s) => s.active);
  const takesTemperature = useCurrentFeature()?.takes_temperature !== false;
  const share = <ShareButton uuid={uuid} title={title} disabled={!canExport} messages={() => useChat.getState().chatList} />;
  const historyButton = (
    <button type="button" onClick={openHistory} aria-label={t('openHistory')} title={t('openHistory')} className={`${iconButton} lg:hidden`}>
      <History className="size-[18px]" aria-hidden />
    </button>
  );

  return (
    <header className="relative z-20 flex shrink-0 items-center gap-1 border-b border-neutral-100 bg-white/90 pt-[env(safe-area-inset-top)] backdrop-blur md:border-transparent md:bg-transparent dark:border-neutral-800/80 dark:bg-neutral-950/90 md:dark:border-transparent md:dark:bg-transparent">
      {mobile ? (
      <div className="flex h-[52px] w-full items-center gap-0.5 pr-[max(0.5rem,env(safe-area-inset-right))] pl-[max(0.5rem,env(safe-area-inset-left))]">
        <SidebarToggle />
        {historyButton}
        <div className="flex min-w-0 flex-1 flex-col items-center px-1">
          <h1 className="max-w-full truncate text-[15px] leading-5 font-medium">{title}</h1>
          <ModelPicker compact locked={lockModel} />
        </div>
        <ThemeSwitch variant="compact" />
        <SettingsButton takesTemperature={takesTemperature} />
        <button type="button" onClick={() => useSession.getState().openDialog('goods')} aria-label={t('buyVip')} title={t('buyVip')} className={`${iconButton} text-amber-600 dark:text-amber-300`}>
          <Crown className="size-[18px]" aria-hidden />
        </button>
        <ExportButton target={exportTarget} disabled={!canExport} onExporting={setExporting} />
        {share}
      </div>
      ) : (
      <div className="flex h-14 w-full items-center gap-2 px-4">
        {historyButton}
        <ModelPicker locked={lockModel} />
        <span className="h-4 w-px shrink-0 bg-neutral-200 dark:bg-neutral-800" aria-hidden />
        <h1 className="min-w-0 flex-1 truncate text-[15px] text-neutral-500 dark:text-neutral-400">{title}</h1>
        <SettingsButton takesTemperature={takesTemperature} />
        <ExportButton target={exportTarget} disabled={!canExport} onExporting={setExporting} />
        {share}
      </div>
      )}
    </header>
  );
}
