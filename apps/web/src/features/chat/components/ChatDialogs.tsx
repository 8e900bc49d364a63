import { DELETE_DEBOUNCE_MS } from '@app/shared/constants';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Modal, modalButton } from '../../../components/Modal.tsx';
import { clearConversation, removeAllGroups, removeGroup } from '../controller/groups.ts';
import { deleteChatItem } from '../controller/turns.ts';
import { leadingDebounce } from '../../../lib/debounce.ts';
import { useChatUi, type Confirm } from '../stores/ui-store.ts';
import { useTranslation } from '../../../lib/i18n.ts';

// SPEC §5: deleting is debounced by 600 ms (across dialogs), so a double tap deletes once.
const runDelete = leadingDebounce((c: Confirm) => {
  void (c.kind === 'delete'
    ? removeGroup(c.uuid)
    : c.kind === 'clear'
      ? clearConversation(c.uuid)
      : c.kind === 'deleteMessage'
        ? deleteChatItem(c.key)
        : removeAllGroups());
}, DELETE_DEBOUNCE_MS);

function ConfirmBody({ confirm, onClose }: { confirm: Confirm; onClose(): void }) {
  const { t } = useTranslation('chat');
  const isAll = confirm.kind === 'deleteAll';
  const clears = isAll || confirm.kind === 'clear';
  const title =
    confirm.kind === 'deleteMessage' ? t('deleteMessageTitle') : confirm.kind === 'clear' ? t('clearConversation') : isAll ? t('deleteAllTitle') : t('deleteGroupTitle');
  const description =
    confirm.kind === 'deleteMessage'
      ? t('deleteMessageConfirm', { count: confirm.count - 1 })
      : confirm.kind === 'clear'
        ? t('clearConversationConfirm', { title: confirm.title })
        : isAll
          ? t('deleteAllConfirm')
          : t('deleteGroupConfirm', { title: confirm.title });
  return (
    <ConfirmDialog
      open
      title={title}
      description={description}
      cancelLabel={t('cancel')}
      confirmLabel={clears ? t('confirmClear') : t('confirmDelete')}
      onConfirm={() => runDelete(confirm)}
      onClose={onClose}
    />
  );
}

/** The chat screen's dialogs (one chunk with Radix, fetched the first time one opens). */
export default function ChatDialogs() {
  const { t } = useTranslation('chat');
  const confirm = useChatUi((s) => s.confirm);
  const capNotice = useChatUi((s) => s.capNotice);
  const set = useChatUi((s) => s.set);
  return (
    <>
      {confirm && <ConfirmBody confirm={confirm} onClose={() => set({ confirm: null })} />}
      <Modal
        open={capNotice !== null}
        onOpenChange={(o) => !o && set({ capNotice: null })}
        title={t('capTitle')}
        description={t('capBody', { n: capNotice ?? 0 })}
        hideClose
        widthClass="md:w-[400px]"
        footer={
          <button type="button" className={modalButton.primary} onClick={() => set({ capNotice: null })}>
            {t('gotIt')}
          </button>
        }
      />
    </>
  );
}
