import type { ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { iconButton } from './styles.ts';
import './locales.ts';
import { useReturnFocus } from '../lib/useReturnFocus.ts';
import { useTranslation } from '../lib/i18n.ts';

export interface DrawerProps {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  children: ReactNode;
}

/** A screen's side list as a left drawer (Radix Dialog); Drawer.tsx loads it on the first open. */
export function DrawerPanel({ open, onClose, title, children }: DrawerProps) {
  const { t } = useTranslation('common');
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay fixed inset-0 z-40 bg-black/40 lg:hidden" />
        <Dialog.Content
          {...returnFocus}
          aria-describedby={undefined}
          className="drawer-content fixed inset-y-0 left-0 z-40 flex w-[300px] max-w-[85vw] flex-col bg-neutral-50 pt-[env(safe-area-inset-top)] pb-[env(safe-area-inset-bottom)] shadow-xl outline-none lg:hidden dark:bg-neutral-900"
        >
          <div className="flex h-12 shrink-0 items-center justify-between pr-2 pl-4">
            <Dialog.Title className="text-[15px] font-semibold">{title}</Dialog.Title>
            <Dialog.Close aria-label={t('close')} className={iconButton}>
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
