/**
 * Toasts (spec section 9): error 4 s, success 2 s, blank 4 s, loading until
 * dismissed, at most 20 at once. react-hot-toast's store keeps at most 20
 * toasts — its built-in limit equals the spec's, pinned by
 * test/web/toast.test.tsx. Screens call `notifyError`/`notifySuccess`, which
 * also play the matching sound (spec section 8), or `toast` itself.
 */
import toast, { type DefaultToastOptions } from 'react-hot-toast';
import { playErrorSound, playSuccessSound } from './sounds';
import { wantToaster } from './toast-demand';

export const TOAST_LIMIT = 20;

export const toastOptions = {
  error: { duration: 4000 },
  success: { duration: 2000 },
  blank: { duration: 4000 },
  loading: { duration: Number.POSITIVE_INFINITY },
} as const satisfies DefaultToastOptions;

// A page that loads this module will show toasts: mount the toaster now.
wantToaster();

export function notifyError(message: string, options?: { id?: string }): string {
  playErrorSound();
  return toast.error(message, options);
}

export function notifySuccess(message: string, options?: { id?: string }): string {
  playSuccessSound();
  return toast.success(message, options);
}

export { toast };
