import { lazy, Suspense, useState } from 'react';
import { ChatHistory } from './components/ChatHistory.tsx';
import { ChatMain } from './components/ChatMain.tsx';
import { useChatSync } from './hooks/useChatSync.ts';
import { useAppIdQuery } from '../../lib/useAppIdQuery.ts';
import { useHistoryColumn, useIsMobile } from '../../lib/useIsMobile.ts';
import { useChatUi } from './stores/ui-store.ts';
import './locales.ts';

// Radix-based overlays are their own chunks, fetched the first time they open.
const HistoryDrawer = lazy(() => import('./components/HistoryDrawer.tsx'));
const ChatDialogs = lazy(() => import('./components/ChatDialogs.tsx'));

/** Mounts a lazy overlay the first time `open` is true and keeps it for its closing animation. */
function useMountedOnce(open: boolean) {
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  return mounted;
}

/** /talk: the plain chat of SPEC §2.7. */
export default function ChatPage() {
  useChatSync();
  useAppIdQuery();
  const mobile = useIsMobile();
  const column = useHistoryColumn();
  const historyOpen = useChatUi((s) => s.historyOpen);
  const dialogOpen = useChatUi((s) => s.confirm !== null || s.capNotice !== null);
  const drawer = useMountedOnce(historyOpen);
  const dialogs = useMountedOnce(dialogOpen);

  return (
    <div className="flex h-full min-h-0 overflow-hidden">
      {column && (
        <aside className="w-[260px] shrink-0 border-r border-neutral-200/70 bg-neutral-50/70 dark:border-neutral-800 dark:bg-neutral-900/40">
          <ChatHistory />
        </aside>
      )}
      <ChatMain mobile={mobile} />
      <Suspense fallback={null}>
        {drawer && !column && <HistoryDrawer />}
        {dialogs && <ChatDialogs />}
      </Suspense>
    </div>
  );
}
