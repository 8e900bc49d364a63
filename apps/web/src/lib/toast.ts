import { toast as sonner } from 'sonner';

/** The app's toasts (sonner underneath), so lib code needs no UI import. */
export const toast = {
  success: (message: string) => sonner.success(message),
  error: (message: string) => sonner.error(message),
  info: (message: string) => sonner(message),
};
