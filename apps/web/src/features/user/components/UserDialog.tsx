import type { ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useReturnFocus } from '../../../lib/useReturnFocus.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** The small centred dialog the user centre's forms open in. */
export function UserDialog({ open, onClose, title, children }: { open: boolean; onClose: () => void; title: string; children: ReactNode }) {
  const { t } = useTranslation('user');
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-neutral-950/40 dark:bg-black/60" />
        <Dialog.Content
          {...returnFocus}
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-32px)] w-[calc(100vw-32px)] max-w-[400px] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl outline-none dark:bg-neutral-900 dark:ring-1 dark:ring-white/10"
        >
          <Dialog.Title className="pr-8 text-lg font-semibold text-neutral-900 dark:text-neutral-50">{title}</Dialog.Title>
          <Dialog.Close
            aria-label={t('close')}
            className="absolute top-4 right-4 rounded-full p-1.5 text-neutral-400 transition-colors hover:bg-neutral-100 hover:text-neutral-700 dark:hover:bg-neutral-800 dark:hover:text-neutral-200"
          >
            <X className="size-5" />
          </Dialog.Close>
          <div className="mt-5">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
