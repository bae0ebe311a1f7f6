import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToasterWanted, subscribeToToasterDemand } from '../lib/toast-demand';

const AppToaster = lazy(() => import('../lib/toaster'));

/** Mounts the toaster once some page needs it (lib/toast-demand.ts). */
export function ToastHost() {
  const wanted = useSyncExternalStore(subscribeToToasterDemand, isToasterWanted, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}
