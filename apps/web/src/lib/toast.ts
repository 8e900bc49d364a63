import { toast as sonner } from 'sonner';

export interface ToastOptions {
  /** How long the toast stays, in ms (sonner's default otherwise). */
  duration?: number;
}

/** The app's toasts (sonner underneath), so lib code needs no UI import. */
export const toast = {
  success: (message: string, opts?: ToastOptions) => sonner.success(message, opts),
  error: (message: string, opts?: ToastOptions) => sonner.error(message, opts),
  info: (message: string, opts?: ToastOptions) => sonner(message, opts),
};
