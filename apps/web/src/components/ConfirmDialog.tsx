import { Modal, modalButton } from './Modal.tsx';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm(): void;
  onClose(): void;
}

/** A destructive action asked first: cancel, or the red confirm button (which also closes). */
export function ConfirmDialog({ open, title, description, confirmLabel, cancelLabel, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={title}
      description={description}
      hideClose
      widthClass="md:w-[400px]"
      footer={
        <>
          <button type="button" className={modalButton.secondary} onClick={onClose}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={modalButton.danger}
            onClick={() => {
              onConfirm();
              onClose();
            }}
          >
            {confirmLabel}
          </button>
        </>
      }
    />
  );
}
