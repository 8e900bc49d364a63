import type { ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { clsx } from 'clsx';
import './locales.ts';
import { useReturnFocus } from '../lib/useReturnFocus.ts';
import { useTranslation } from '../lib/i18n.ts';

export interface ModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom; stacked full width on mobile. */
  footer?: ReactNode;
  /** Desktop width class, e.g. 'md:w-[440px]'. */
  widthClass?: string;
  /** Hide the corner close button (the footer has its own). */
  hideClose?: boolean;
}

/**
 * The app's dialog shell (Radix Dialog): a bottom sheet on mobile, a centred card from md up.
 * Loaded by Modal.tsx on the first open, so Radix is in no screen's first load.
 */
export function ModalDialog({ open, onOpenChange, title, description, children, footer, widthClass = 'md:w-[440px]', hideClose }: ModalProps) {
  const { t } = useTranslation('common');
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay fixed inset-0 z-50 bg-black/40 backdrop-blur-[1px] dark:bg-black/60" />
        <Dialog.Content
          {...returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={clsx(
            'modal-content fixed z-50 flex flex-col bg-white text-neutral-900 shadow-xl outline-none dark:bg-neutral-900 dark:text-neutral-100',
            'inset-x-0 bottom-0 max-h-[88dvh] rounded-t-2xl pb-[env(safe-area-inset-bottom)]',
            'md:inset-x-auto md:bottom-auto md:left-1/2 md:top-1/2 md:max-h-[85vh] md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-2xl md:pb-0',
            'md:border md:border-neutral-200/70 md:dark:border-neutral-800',
            widthClass,
          )}
        >
          <div className="mx-auto mt-2 h-1 w-10 shrink-0 rounded-full bg-neutral-200 md:hidden dark:bg-neutral-700" aria-hidden />
          <div className="flex items-start gap-3 px-5 pt-4 md:px-6 md:pt-5">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-base font-semibold leading-7">{title}</Dialog.Title>
              {description && <Dialog.Description className="mt-0.5 text-sm text-neutral-500 dark:text-neutral-400">{description}</Dialog.Description>}
            </div>
            {!hideClose && (
              <Dialog.Close
                aria-label={t('close')}
                className="-mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-neutral-400 hover:bg-neutral-100 hover:text-neutral-700 dark:hover:bg-neutral-800 dark:hover:text-neutral-200"
              >
                <X className="size-[18px]" aria-hidden />
              </Dialog.Close>
            )}
          </div>
          {children && <div className="min-h-0 flex-1 overflow-y-auto px-5 py-3 md:px-6">{children}</div>}
          {footer && (
            <div className="flex flex-col-reverse gap-2 px-5 pb-5 pt-2 md:flex-row md:justify-end md:px-6">{footer}</div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
