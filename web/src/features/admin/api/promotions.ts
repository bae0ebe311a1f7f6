import { adminCatalogRoutes as routes } from '@shared/api/routes/admin-catalog';
import type { PromotionRecord } from '@shared/api/schemas/catalog';
import { callRoute } from '@web/lib/api-routes';

/** The Create Promotion form's fields, as typed: prices stay "123.45" strings (never floats). */
export interface PromotionFields {
  promotion_title: string;
  promotion_prize_lrd: string;
  promotion_prize_usd: string;
}

/** Every promotion, house games included (GET promotions). */
export async function listPromotions(adminId: string, signal?: AbortSignal): Promise<PromotionRecord[]> {
  const { promotions } = await callRoute(routes.listPromotions, { id: adminId }, { signal });
  return promotions;
}

/** Partner promotions only: the options of the assignment dialog (GET promotions-for/assigned/partner). */
export async function listAssignablePromotions(adminId: string, signal?: AbortSignal): Promise<PromotionRecord[]> {
  const { promotions } = await callRoute(routes.promotionsForAssignedPartner, { id: adminId }, { signal });
  return promotions;
}

export const createPromotion = (adminId: string, fields: PromotionFields) =>
  callRoute(routes.createPromotion, { id: adminId }, { body: fields });

export const updatePromotion = (adminId: string, id: string, fields: PromotionFields) =>
  callRoute(routes.updatePromotion, { id: adminId }, { body: { id, ...fields } });

export const deletePromotion = (adminId: string, id: string) =>
  callRoute(routes.deletePromotion, { id: adminId }, { body: { id } });
