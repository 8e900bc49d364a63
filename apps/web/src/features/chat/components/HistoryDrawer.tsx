import { Drawer } from '../../../components/Drawer.tsx';
import { useChatUi } from '../stores/ui-store.ts';
import { ChatHistory } from './ChatHistory.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** The history as a left drawer where the column does not fit (below lg). Lazy: Radix loads on first open. */
export default function HistoryDrawer({ children, title }: { children?: (close: () => void) => React.ReactNode; title?: string }) {
  const { t } = useTranslation('chat');
  const open = useChatUi((s) => s.historyOpen);
  const close = () => useChatUi.getState().set({ historyOpen: false });
  return (
    <Drawer open={open} onClose={close} title={title ?? t('historyTitle')}>
      {children ? children(close) : <ChatHistory onPicked={close} />}
    </Drawer>
  );
}
