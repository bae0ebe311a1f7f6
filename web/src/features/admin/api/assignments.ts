import { routes } from '@shared/api/routes';
import type { AssignmentRecord } from '@shared/api/schemas/catalog';
import { callRouteAs } from '@web/lib/api-routes';

/**
 * The body of assign-partner/promotion (spec section 7), as the dialog sends
 * it: percentages and thresholds as numbers ("percentages numeric"), the
 * winner amount as a "123.45" string (money is never a float).
 */
export interface AssignmentBody {
  partner: string;
  promotion: string;
  partner_percentage: number;
  announcer_percentage: number;
  shared_code: string;
  server: string;
  threshold: number;
  starting_threshold: number;
  winner_amount: string;
}

interface AssignmentAnswer {
  message: string;
  Assignment: AssignmentRecord;
}

export function assignPartnerPromotion(adminId: string, body: AssignmentBody): Promise<AssignmentAnswer> {
  return callRouteAs<AssignmentAnswer>(routes.assignPartnerPromotion, { id: adminId }, { body });
}

export function updatePartnerPromotion(adminId: string, id: string, body: AssignmentBody): Promise<AssignmentAnswer> {
  return callRouteAs<AssignmentAnswer>(routes.updatePartnerPromotion, { id: adminId }, { body: { id, ...body } });
}

/** `ended` stops the assignment taking new entries; `active` resumes it (functions/admin/assignments.ts). */
export function setPartnerPromotionStatus(
  adminId: string,
  id: string,
  status: 'active' | 'ended',
): Promise<{ message: string }> {
  return callRouteAs<{ message: string }>(routes.setPartnerPromotionStatus, { id: adminId }, { body: { id, status } });
}

export function deletePartnerPromotion(adminId: string, id: string): Promise<{ message: string }> {
  return callRouteAs<{ message: string }>(routes.deletePartnerPromotion, { id: adminId }, { body: { id } });
}
