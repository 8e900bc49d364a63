import { Suspense, useState } from 'react';
import { lazyDialog } from './lazy-dialog.ts';
import type { ModalProps } from './ModalDialog.tsx';

const dialog = lazyDialog(() => import('./ModalDialog.tsx').then((m) => m.ModalDialog));
/** Loads the dialog's code now (tests render it at once after this). */
export const preloadModal = dialog.preload;
const ModalDialog = dialog.Component;

/**
 * The app's dialog (ModalDialog.tsx: Radix Dialog, a bottom sheet on mobile, a centred card from md
 * up). Radix is not in a screen's first load: the dialog mounts the first time it opens, then stays
 * mounted for its close animation and state.
 */
export function Modal(props: ModalProps) {
  const [mounted, setMounted] = useState(props.open);
  if (props.open && !mounted) setMounted(true);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}

/** The two button looks used in dialog footers. */
export const modalButton = {
  primary:
    'inline-flex h-11 items-center justify-center rounded-xl bg-primary px-5 text-sm font-medium text-white transition-colors hover:bg-primary-hover md:h-9 md:rounded-lg',
  secondary:
    'inline-flex h-11 items-center justify-center rounded-xl px-5 text-sm font-medium text-neutral-600 transition-colors hover:bg-neutral-100 md:h-9 md:rounded-lg dark:text-neutral-300 dark:hover:bg-neutral-800',
  danger:
    'inline-flex h-11 items-center justify-center rounded-xl bg-red-600 px-5 text-sm font-medium text-white transition-colors hover:bg-red-700 md:h-9 md:rounded-lg',
};
