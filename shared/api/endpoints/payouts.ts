import { SUPER_ADMIN_SELF } from '../access';
import { route, type RouteSpec } from '../route-spec';
import { claimPrizeRequest } from '../schemas/held-prizes';
import { listPayoutsQuery, PAY_REQUIRED, payAnnouncerRequest, payPartnerRequest } from '../schemas/payouts';

/**
 * Money out (spec section 7 "Admin writes"; DESIGN sections 4, 5, 7):
 * super admins pay partners and announcers from their balances (header
 * `Idempotency-Key` required); the provider's transfer callbacks carry a
 * per-payout secret and are never trusted (a status query decides). A
 * Lambda of its own ('payouts'): it alone sends a balance's transfer, and
 * the admin bundle stays within its 500 KB (DESIGN section 9).
 */
export const payoutEndpoints = {
  payPartner: route('PUT', '/api/v1/admin/:id/pay-partner', 'payouts', SUPER_ADMIN_SELF, {
    required: PAY_REQUIRED,
    body: payPartnerRequest,
  }),
  payAnnouncer: route('PUT', '/api/v1/admin/:id/pay-announcer', 'payouts', SUPER_ADMIN_SELF, {
    required: PAY_REQUIRED,
    body: payAnnouncerRequest,
  }),
  /** The Payouts screen: every payout, newest first, filtered and paged; Retry starts a new payout for a failed one. */
  listPayouts: route('GET', '/api/v1/admin/:id/payouts', 'payouts', SUPER_ADMIN_SELF, {
    query: listPayoutsQuery,
  }),
  retryPayout: route('POST', '/api/v1/admin/:id/payouts/:payoutId/retry', 'payouts', SUPER_ADMIN_SELF),
  /** Prizes held because they could not be paid, and the unclaimed-prizes balance (issue 36 part 4). */
  listHeldPrizes: route('GET', '/api/v1/admin/:id/held-prizes', 'payouts', SUPER_ADMIN_SELF),
  /** Pay a held prize to a corrected number after an identity check (audit-logged with it). */
  claimHeldPrize: route('PUT', '/api/v1/admin/:id/held-prizes/claim', 'payouts', SUPER_ADMIN_SELF, {
    body: claimPrizeRequest,
  }),
} as const satisfies Record<string, RouteSpec>;
