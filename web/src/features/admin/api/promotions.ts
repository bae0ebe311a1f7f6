import { routes } from '@shared/api/routes';
import type { PromotionRecord } from '@shared/api/schemas/catalog';
import { callRoute } from '@web/lib/api-routes';

/** The Create Promotion form's fields, as typed: prices stay "123.45" strings (never floats). */
export interface PromotionFields {
  promotion_title: string;
  promotion_prize_lrd: string;
  promotion_prize_usd: string;
}

export interface PromotionAnswer {
  message: string;
  Promotion: PromotionRecord;
}

/** Every promotion, house games included (GET promotions). */
export async function listPromotions(adminId: string, signal?: AbortSignal): Promise<PromotionRecord[]> {
  const { promotions } = await callRoute<{ promotions: PromotionRecord[] }>(
    routes.listPromotions,
    { id: adminId },
    { signal },
  );
  return promotions;
}

/** Partner promotions only: the options of the assignment dialog (GET promotions-for/assigned/partner). */
export async function listAssignablePromotions(adminId: string, signal?: AbortSignal): Promise<PromotionRecord[]> {
  const { promotions } = await callRoute<{ promotions: PromotionRecord[] }>(
    routes.promotionsForAssignedPartner,
    { id: adminId },
    { signal },
  );
  return promotions;
}

export function createPromotion(adminId: string, fields: PromotionFields): Promise<PromotionAnswer> {
  return callRoute<PromotionAnswer>(routes.createPromotion, { id: adminId }, { body: fields });
}

export function updatePromotion(adminId: string, id: string, fields: PromotionFields): Promise<PromotionAnswer> {
  return callRoute<PromotionAnswer>(routes.updatePromotion, { id: adminId }, { body: { id, ...fields } });
}

export function deletePromotion(adminId: string, id: string): Promise<{ message: string }> {
  return callRoute<{ message: string }>(routes.deletePromotion, { id: adminId }, { body: { id } });
}
