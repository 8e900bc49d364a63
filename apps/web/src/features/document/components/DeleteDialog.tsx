import { useTranslation } from 'react-i18next';
import { DELETE_DEBOUNCE_MS } from '@app/shared/constants';
import { Modal, modalButton } from '../../../components/Modal.tsx';
import { leadingDebounce } from '../../../lib/debounce.ts';
import { removeDocument } from '../controller/documents.ts';
import { useDocUi } from '../stores/ui-store.ts';

const danger =
  'inline-flex h-11 items-center justify-center rounded-xl bg-red-600 px-5 text-sm font-medium text-white transition-colors hover:bg-red-700 md:h-9 md:rounded-lg';

// SPEC §5: deleting is debounced by 600 ms, so a double tap deletes once.
const runDelete = leadingDebounce((token: string) => void removeDocument(token), DELETE_DEBOUNCE_MS);

/** SPEC §2.7: deleting a document asks first. */
export default function DeleteDialog() {
  const { t } = useTranslation('document');
  const confirm = useDocUi((s) => s.confirm);
  const close = () => useDocUi.getState().set({ confirm: null });
  return (
    <Modal
      open={confirm !== null}
      onOpenChange={(o) => !o && close()}
      title={t('deleteTitle')}
      description={t('deleteConfirm', { title: confirm?.title ?? '' })}
      hideClose
      widthClass="md:w-[400px]"
      footer={
        <>
          <button type="button" className={modalButton.secondary} onClick={close}>
            {t('cancel')}
          </button>
          <button
            type="button"
            className={danger}
            onClick={() => {
              if (confirm) runDelete(confirm.token);
              close();
            }}
          >
            {t('confirmDelete')}
          </button>
        </>
      }
    />
  );
}
