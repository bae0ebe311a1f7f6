/**
 * Whether a page has asked for toasts. The toaster (react-hot-toast) is
 * loaded only then, so the public pages that never toast do not pay for it
 * (DESIGN section 9). `lib/toast.ts` raises the demand when it is loaded.
 */
let wanted = false;
const listeners = new Set<() => void>();

export function wantToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export function isToasterWanted(): boolean {
  return wanted;
}

export function subscribeToToasterDemand(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
