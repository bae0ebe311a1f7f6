import { randomInt, randomUUID } from 'node:crypto';
import { routes } from '@shared/api/routes';
import type { StaffUser } from '../../functions/modules/staff';
import type { ApiClient } from './api';

/** A shared code no other test uses: 10 random digits, as players dial it. */
export const aSharedCode = () => String(randomInt(1_000_000_000, 9_999_999_999));

/** A promotion created through the API; returns its wire record. */
export async function aPromotion(admin: ApiClient, adminId: string, overrides: Record<string, unknown> = {}) {
  const response = await admin.call(
    routes.createPromotion,
    { id: adminId },
    {
      promotion_title: `Promo ${randomUUID().slice(0, 8)}`,
      promotion_prize_lrd: '100.00',
      promotion_prize_usd: '0.50',
      ...overrides,
    },
  );
  if (response.status !== 201) throw new Error(`promotion: ${response.status} ${response.text}`);
  return response.body.Promotion as { ID: string; promotion_title: string };
}

/** The body of an assignment of `partner` to `promotionId`, with sensible terms. */
export function assignmentTerms(
  partner: Pick<StaffUser, 'searchString'>,
  promotionId: string,
  overrides: Record<string, unknown> = {},
) {
  return {
    partner: partner.searchString,
    promotion: promotionId,
    partner_percentage: 10,
    announcer_percentage: 5,
    shared_code: aSharedCode(),
    server: 'lonestar',
    threshold: 10,
    starting_threshold: 5,
    winner_amount: '5000.00',
    ...overrides,
  };
}

/** An assignment created through the API; returns its wire record. */
export async function anAssignment(
  admin: ApiClient,
  adminId: string,
  partner: StaffUser,
  promotionId: string,
  overrides = {},
) {
  const response = await admin.call(
    routes.assignPartnerPromotion,
    { id: adminId },
    assignmentTerms(partner, promotionId, overrides),
  );
  if (response.status !== 201) throw new Error(`assignment: ${response.status} ${response.text}`);
  return response.body.Assignment as { ID: string; SharedCode: string };
}
