import { adminCatalogRoutes as routes } from '@shared/api/routes/admin-catalog';
import type { BodyIn } from '@shared/api/route-spec';
import { callRoute } from '@web/lib/api-routes';

/**
 * The body of assign-partner/promotion (spec section 7), as the dialog sends
 * it: percentages and thresholds as numbers ("percentages numeric"), the
 * winner amount as a "123.45" string (money is never a float).
 */
export type AssignmentBody = BodyIn<typeof routes.assignPartnerPromotion>;

export const assignPartnerPromotion = (adminId: string, body: AssignmentBody) =>
  callRoute(routes.assignPartnerPromotion, { id: adminId }, { body });

export const updatePartnerPromotion = (adminId: string, id: string, body: AssignmentBody) =>
  callRoute(routes.updatePartnerPromotion, { id: adminId }, { body: { id, ...body } });

/** `ended` stops the assignment taking new entries; `active` resumes it (functions/modules/catalog/assignments-http.ts). */
export const setPartnerPromotionStatus = (adminId: string, id: string, status: 'active' | 'ended') =>
  callRoute(routes.setPartnerPromotionStatus, { id: adminId }, { body: { id, status } });

export const deletePartnerPromotion = (adminId: string, id: string) =>
  callRoute(routes.deletePartnerPromotion, { id: adminId }, { body: { id } });
