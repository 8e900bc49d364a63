export interface ToastOptions {
  /** How long the toast stays, in ms (sonner's default otherwise). */
  duration?: number;
}

/** sonner is fetched once the first screen is drawn (it is not needed to draw a page), or by the first toast. */
let sonner: Promise<typeof import('sonner')> | null = null;
export const loadSonner = () => (sonner ??= import('sonner'));

let markWanted: () => void = () => {};
/** Resolves on the first toast: the app mounts its Toaster then, if it has not yet. */
export const toasterWanted = new Promise<void>((resolve) => (markWanted = resolve));

let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => (markMounted = resolve));
/** Called once the Toaster is on the page: toasts raised before that wait for it instead of being lost. */
export const toasterMounted = () => markMounted();

async function show(kind: 'success' | 'error' | 'info', message: string, opts?: ToastOptions) {
  markWanted();
  const { toast } = await loadSonner();
  await mounted;
  if (kind === 'info') toast(message, opts);
  else toast[kind](message, opts);
}

/** The app's toasts (sonner underneath), so lib code needs no UI import. */
export const toast = {
  success: (message: string, opts?: ToastOptions) => void show('success', message, opts),
  error: (message: string, opts?: ToastOptions) => void show('error', message, opts),
  info: (message: string, opts?: ToastOptions) => void show('info', message, opts),
};
