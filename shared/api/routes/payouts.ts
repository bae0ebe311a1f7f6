import { SUPER_ADMIN_SELF, WEBHOOK } from '../access';
import { route, type RouteSpec } from '../route-spec';

/**
 * Money out (issue 7; spec section 7 "Admin writes"; DESIGN sections 4, 5, 7):
 * super admins pay partners and announcers from their balances (header
 * `Idempotency-Key` required); the provider's transfer callbacks carry a
 * per-payout secret and are never trusted (a status query decides).
 */
export const payoutRoutes = {
  payPartner: route('PUT', '/api/v1/admin/:id/pay-partner', 'admin', SUPER_ADMIN_SELF),
  payAnnouncer: route('PUT', '/api/v1/admin/:id/pay-announcer', 'admin', SUPER_ADMIN_SELF),

  momoTransferCallbackPut: route('PUT', '/api/v1/webhooks/momo-transfer/:reference/:secret', 'webhooks', WEBHOOK),
  momoTransferCallbackPost: route('POST', '/api/v1/webhooks/momo-transfer/:reference/:secret', 'webhooks', WEBHOOK),
  orangeCashinNotification: route('POST', '/api/v1/webhooks/orange-cashin/:reference/:secret', 'webhooks', WEBHOOK),
} as const satisfies Record<string, RouteSpec>;
