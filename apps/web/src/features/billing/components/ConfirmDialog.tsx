import { AlertDialog } from 'radix-ui';
import { modalButton } from '../../../components/Modal.tsx';
import { useReturnFocus } from '../../../lib/useReturnFocus.ts';

interface Props {
  open: boolean;
  title: string;
  text: string;
  okLabel: string;
  cancelLabel: string;
  onOk(): void;
  onCancel(): void;
}

/** A small confirm on top of a dialog (SPEC §4.5: the expired-QR question). */
export function ConfirmDialog({ open, title, text, okLabel, cancelLabel, onOk, onCancel }: Props) {
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root open={open} onOpenChange={(o) => !o && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="modal-overlay fixed inset-0 z-[60] bg-black/30 dark:bg-black/50" />
        <AlertDialog.Content {...returnFocus} className="fixed top-1/2 left-1/2 z-[60] w-[calc(100vw-48px)] max-w-[360px] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-5 shadow-xl outline-none dark:bg-neutral-900 dark:ring-1 dark:ring-white/10">
          <AlertDialog.Title className="text-base font-semibold text-neutral-900 dark:text-neutral-50">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm leading-6 text-neutral-600 dark:text-neutral-300">{text}</AlertDialog.Description>
          <div className="mt-5 flex justify-end gap-2">
            <AlertDialog.Cancel className={modalButton.secondary}>{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action className={modalButton.primary} onClick={onOk}>
              {okLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
