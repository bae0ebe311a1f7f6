import type { PromotionRecord } from '@shared/api/schemas/catalog';
import { useQuery } from '@web/hooks/use-query';
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
  const { data, error, refetch } = useQuery(['promotions', adminId], (signal) => listPromotions(adminId, signal), {
    failureLog: 'Could not load promotions',
  });
  return { promotions: data ?? null, failed: Boolean(error), reload: refetch };
}

/**
 * The partner promotions an assignment may name. Promotions have no live
 * topic, so while the dialog is open (this hook mounted) the list is asked
 * again a second after each answer (spec section 7, "polled every 1 second");
 * closing the dialog stops it.
 */
export function usePromotionOptions(adminId: string): { promotions: PromotionRecord[] | null; failed: boolean } {
  const { data, error } = useQuery(
    ['promotion-options', adminId],
    (signal) => listAssignablePromotions(adminId, signal),
    { pollMs: OPTION_POLL_MS, failureLog: 'Could not load promotions' },
  );
  return { promotions: data ?? null, failed: Boolean(error) };
}
