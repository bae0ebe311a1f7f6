import { useCallback, useState } from 'react';

/**
 * Which rows have a call in flight (spec section 4: "per-announcer payment is
 * disabled while processing"), kept by the list so it outlives a closed modal.
 */
export function useBusyIds() {
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());

  const run = useCallback(async <T>(id: string, work: () => Promise<T>): Promise<T> => {
    setBusy((previous) => new Set(previous).add(id));
    try {
      return await work();
    } finally {
      setBusy((previous) => {
        const next = new Set(previous);
        next.delete(id);
        return next;
      });
    }
  }, []);

  return { busy, run };
}
