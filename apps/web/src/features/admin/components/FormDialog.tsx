import type { ReactNode } from 'react';
import { Modal, modalButton } from '../../../components/Modal.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** The console's add/edit dialog: a form with 取消 and 保存 (disabled, 正在保存…, while it saves). */
export function FormDialog({
  id,
  title,
  widthClass,
  saving,
  onClose,
  onSubmit,
  className = 'grid gap-3 md:grid-cols-2',
  autoComplete,
  children,
}: {
  /** The form's id (the footer's submit button names it). */
  id: string;
  title: ReactNode;
  widthClass: string;
  saving: boolean;
  onClose(): void;
  onSubmit(): void;
  className?: string;
  autoComplete?: 'off';
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={title}
      widthClass={widthClass}
      footer={
        <>
          <button type="button" className={modalButton.secondary} onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" form={id} className={modalButton.primary} disabled={saving}>
            {saving ? t('common.saving') : t('common.save')}
          </button>
        </>
      }
    >
      <form
        id={id}
        className={className}
        autoComplete={autoComplete}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
    </Modal>
  );
}
