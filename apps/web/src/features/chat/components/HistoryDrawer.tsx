import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useChatUi } from '../stores/ui-store.ts';
import { ChatHistory } from './ChatHistory.tsx';
import { iconButton } from './styles.ts';

/** The history as a left drawer where the column does not fit (below lg). Lazy: Radix loads on first open. */
export default function HistoryDrawer({ children, title }: { children?: (close: () => void) => React.ReactNode; title?: string }) {
  const { t } = useTranslation('chat');
  const { t: tc } = useTranslation('common');
  const open = useChatUi((s) => s.historyOpen);
  const close = () => useChatUi.getState().set({ historyOpen: false });
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay fixed inset-0 z-40 bg-black/40 lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="drawer-content fixed inset-y-0 left-0 z-40 flex w-[300px] max-w-[85vw] flex-col bg-neutral-50 pt-[env(safe-area-inset-top)] pb-[env(safe-area-inset-bottom)] shadow-xl outline-none lg:hidden dark:bg-neutral-900"
        >
          <div className="flex h-12 shrink-0 items-center justify-between pr-2 pl-4">
            <Dialog.Title className="text-[15px] font-semibold">{title ?? t('historyTitle')}</Dialog.Title>
            <Dialog.Close aria-label={tc('close')} className={iconButton}>
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1">
            {children ? children(close) : <ChatHistory onPicked={close} />}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
