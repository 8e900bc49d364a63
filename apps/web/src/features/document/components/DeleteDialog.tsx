import { DELETE_DEBOUNCE_MS } from '@app/shared/constants';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { leadingDebounce } from '../../../lib/debounce.ts';
import { removeDocument } from '../controller/documents.ts';
import { useDocUi } from '../stores/ui-store.ts';
import { useTranslation } from '../../../lib/i18n.ts';

// SPEC §5: deleting is debounced by 600 ms, so a double tap deletes once.
const runDelete = leadingDebounce((token: string) => void removeDocument(token), DELETE_DEBOUNCE_MS);

/** SPEC §2.7: deleting a document asks first. */
export default function DeleteDialog() {
  const { t } = useTranslation('document');
  const confirm = useDocUi((s) => s.confirm);
  return (
    <ConfirmDialog
      open={confirm !== null}
      title={t('deleteTitle')}
      description={t('deleteConfirm', { title: confirm?.title ?? '' })}
      cancelLabel={t('cancel')}
      confirmLabel={t('confirmDelete')}
      onConfirm={() => confirm && runDelete(confirm.token)}
      onClose={() => useDocUi.getState().set({ confirm: null })}
    />
  );
}
