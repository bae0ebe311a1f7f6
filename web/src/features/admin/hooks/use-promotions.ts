import { useCallback, useEffect, useState } from 'react';
import type { PromotionRecord } from '@shared/api/schemas/catalog';
import { listAssignablePromotions, listPromotions } from '../api/promotions';

/** Spec section 9: the assignment dialog's option lists are polled every second. */
const OPTION_POLL_MS = 1000;

export interface PromotionsState {
  /** null until the first answer. */
  promotions: PromotionRecord[] | null;
  failed: boolean;
  reload: () => void;
}

/** The Create Promotion screen's list: read on mount and again after each change (`reload`). */
export function usePromotions(adminId: string): PromotionsState {
  const [promotions, setPromotions] = useState<PromotionRecord[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    listPromotions(adminId, controller.signal)
      .then((list) => {
        setPromotions(list);
        setFailed(false);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not load promotions', error);
        setFailed(true);
      });
    return () => controller.abort();
  }, [adminId, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { promotions, failed, reload };
}

const sameList = (a: PromotionRecord[] | null, b: PromotionRecord[]) =>
  a !== null && JSON.stringify(a) === JSON.stringify(b);

/**
 * The partner promotions an assignment may name. Promotions have no live
 * topic, so while the dialog is open (this hook mounted) the list is asked
 * again a second after each answer (spec section 7, "polled every 1 second");
 * closing the dialog stops it.
 */
export function usePromotionOptions(adminId: string): { promotions: PromotionRecord[] | null; failed: boolean } {
  const [promotions, setPromotions] = useState<PromotionRecord[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const list = await listAssignablePromotions(adminId, controller.signal);
        setPromotions((previous) => (sameList(previous, list) ? previous : list));
        setFailed(false);
      } catch (error) {
        if (controller.signal.aborted) return;
        console.error('Could not load promotions', error);
        setFailed(true);
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void poll(), OPTION_POLL_MS);
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [adminId]);

  return { promotions, failed };
}
