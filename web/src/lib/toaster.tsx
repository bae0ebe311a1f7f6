import { Toaster } from 'react-hot-toast';
import { toastOptions } from './toast';

/** The one toaster, with the spec's durations (lib/toast.ts). */
export default function AppToaster() {
  return <Toaster position="top-center" toastOptions={toastOptions} />;
}
