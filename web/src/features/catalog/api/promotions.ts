import { queryOptions } from '@tanstack/react-query';
import { adminCatalogRoutes as routes } from '@shared/api/routes/admin-catalog';
import type { PromotionRecord } from '@shared/api/schemas/catalog';
import { callRoute } from '@web/lib/api-routes';

/** The Create Promotion form's fields, as typed: prices stay "123.45" strings (never floats). */
export interface PromotionFields {
  promotion_title: string;
  promotion_prize_lrd: string;
  promotion_prize_usd: string;
}

/** Spec section 9: the assignment dialog's option lists are polled every second (promotions have no live topic). */
const OPTION_POLL_MS = 1000;

/** Every promotion, house games included (GET promotions): the Create Promotion screen's list. */
export const promotionsQuery = (adminId: string) =>
  queryOptions({
    queryKey: ['promotions', adminId],
    queryFn: async ({ signal }): Promise<PromotionRecord[]> =>
      (await callRoute(routes.listPromotions, { id: adminId }, { signal })).promotions,
    meta: { failureLog: 'Could not load promotions' },
  });

/**
 * Partner promotions only: the options of the assignment dialog (GET
 * promotions-for/assigned/partner), asked again every second while the
 * dialog reads them and the tab is visible (spec section 7, "polled every 1 second").
 */
export const assignablePromotionsQuery = (adminId: string) =>
  queryOptions({
    queryKey: ['promotion-options', adminId],
    queryFn: async ({ signal }): Promise<PromotionRecord[]> =>
      (await callRoute(routes.promotionsForAssignedPartner, { id: adminId }, { signal })).promotions,
    refetchInterval: OPTION_POLL_MS,
    // a tab shown again asks at once (the poll pauses while it is hidden)
    refetchOnWindowFocus: 'always',
    meta: { failureLog: 'Could not load promotions' },
  });

export const createPromotion = (adminId: string, fields: PromotionFields) =>
  callRoute(routes.createPromotion, { id: adminId }, { body: fields });

export const updatePromotion = (adminId: string, id: string, fields: PromotionFields) =>
  callRoute(routes.updatePromotion, { id: adminId }, { body: { id, ...fields } });

export const deletePromotion = (adminId: string, id: string) =>
  callRoute(routes.deletePromotion, { id: adminId }, { body: { id } });
