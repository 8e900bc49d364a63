import { LoaderCircle } from 'lucide-react';
import { clsx } from 'clsx';
import type { AppCard } from '@app/shared';
import { Modal, modalButton } from '../../../components/Modal.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

interface Props {
  app: AppCard | null;
  busy: boolean;
  onCancel(): void;
  onConfirm(app: AppCard): void;
}

/** Asks before deleting one of my own apps. */
export function ConfirmDeleteDialog({ app, busy, onCancel, onConfirm }: Props) {
  const { t } = useTranslation('apps');
  return (
    <Modal
      open={!!app}
      onOpenChange={(open) => !open && !busy && onCancel()}
      title={t('confirm.title')}
      description={app ? t('confirm.body', { title: app.title }) : undefined}
      widthClass="md:w-[400px]"
      hideClose
      footer={
        <>
          <button type="button" className={modalButton.secondary} onClick={onCancel} disabled={busy}>
            {t('confirm.cancel')}
          </button>
          <button
            type="button"
            className={clsx(modalButton.primary, 'gap-1.5 bg-red-500 hover:bg-red-600 disabled:opacity-70')}
            onClick={() => app && onConfirm(app)}
            disabled={busy}
          >
            {busy && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
            {busy ? t('confirm.deleting') : t('confirm.ok')}
          </button>
        </>
      }
    />
  );
}
