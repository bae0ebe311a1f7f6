import { useQuery } from '@tanstack/react-query';
import type { PromotionRecord } from '@shared/api/schemas/catalog';
import { assignablePromotionsQuery, promotionsQuery } from '../api/promotions';

export interface PromotionsState {
  /** null until the first answer. */
  promotions: PromotionRecord[] | null;
  failed: boolean;
  reload: () => void;
}

/** The Create Promotion screen's list: read on mount and again after each change (`reload`). */
export function usePromotions(adminId: string): PromotionsState {
  const { data, error, refetch } = useQuery(promotionsQuery(adminId));
  return { promotions: data ?? null, failed: Boolean(error), reload: () => void refetch() };
}

/**
 * The partner promotions an assignment may name, polled while the dialog is
 * open (this hook mounted; `assignablePromotionsQuery`); closing it stops.
 */
export function usePromotionOptions(adminId: string): { promotions: PromotionRecord[] | null; failed: boolean } {
  const { data, error } = useQuery(assignablePromotionsQuery(adminId));
  return { promotions: data ?? null, failed: Boolean(error) };
}
