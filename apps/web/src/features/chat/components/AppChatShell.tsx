import { lazy, Suspense, useLayoutEffect, useState, type ReactNode } from 'react';
import { CHAT_SCREEN_TYPES, setGroupScope } from '../api.ts';
import { abortRun } from '../controller/run.ts';
import { useChatSync } from '../hooks/useChatSync.ts';
import { useHistoryColumn, useIsMobile } from '../../../lib/useIsMobile.ts';
import { useChat } from '../stores/chat-store.ts';
import { useChatUi } from '../stores/ui-store.ts';
import { ChatMain } from './ChatMain.tsx';
import { SideTabs } from './SideTabs.tsx';

const HistoryDrawer = lazy(() => import('./HistoryDrawer.tsx'));
const ChatDialogs = lazy(() => import('./ChatDialogs.tsx'));

function useMountedOnce(open: boolean) {
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  return mounted;
}

/** Empties the shared chat state so one screen never shows another screen's groups. */
function clearScreenState() {
  useChat.setState({ groupList: [], chatList: [], active: 0, listOf: -1, groupsLoaded: false, groupKeyWord: '', chatMeta: null });
}

/**
 * Lists only the groups of `type` while mounted (SPEC §4.1: 2 expert, 3 template) and hands the
 * scope back to /talk on leaving. Runs before the chat sync's effects load the groups.
 */
function useGroupScope(type: 2 | 3) {
  useLayoutEffect(() => {
    setGroupScope(String(type));
    clearScreenState();
    return () => {
      abortRun();
      setGroupScope(CHAT_SCREEN_TYPES);
      clearScreenState();
    };
  }, [type]);
}

export interface AppChatShellProps {
  type: 2 | 3;
  /** Label of the menu tab (模板 / 专家). */
  menuLabel: string;
  /** The menu; `picked` closes the drawer on small screens. */
  menu: (picked: () => void) => ReactNode;
  intro: ReactNode;
  outro?: ReactNode;
  composer: boolean;
  lockModel: boolean;
  newTitle?: string;
}

/**
 * SPEC §2.7 template and expert chat: the /talk conversation column (messages, streaming,
 * composer) with a two-tab sidebar — the menu and the history of this group type.
 */
export function AppChatShell({ type, menuLabel, menu, intro, outro, composer, lockModel, newTitle }: AppChatShellProps) {
  useGroupScope(type);
  useChatSync();
  const mobile = useIsMobile();
  const column = useHistoryColumn();
  const historyOpen = useChatUi((s) => s.historyOpen);
  const dialogOpen = useChatUi((s) => s.confirm !== null || s.capNotice !== null);
  const drawer = useMountedOnce(historyOpen);
  const dialogs = useMountedOnce(dialogOpen);

  return (
    <div className="flex h-full min-h-0 overflow-hidden">
      {column && (
        <aside className="w-[272px] shrink-0 border-r border-neutral-200/70 bg-neutral-50/70 dark:border-neutral-800 dark:bg-neutral-900/40">
          <SideTabs menuLabel={menuLabel} menu={menu(() => {})} />
        </aside>
      )}
      <ChatMain mobile={mobile} intro={intro} outro={outro} composer={composer} lockModel={lockModel} newTitle={newTitle} />
      <Suspense fallback={null}>
        {drawer && !column && (
          <HistoryDrawer title={menuLabel}>{(close) => <SideTabs menuLabel={menuLabel} menu={menu(close)} onPicked={close} />}</HistoryDrawer>
        )}
        {dialogs && <ChatDialogs />}
      </Suspense>
    </div>
  );
}
