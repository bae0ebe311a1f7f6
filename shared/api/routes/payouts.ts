import { ANNOUNCER_SELF, PARTNER_SELF, SUPER_ADMIN_SELF, WEBHOOK } from '../access';
import { route, type RouteSpec } from '../route-spec';
import { CALLBACK_PATHS } from './callback-paths';
import {
  listPayoutsQuery,
  PAY_REQUIRED,
  payAnnouncerRequest,
  payoutsPage,
  payPartnerRequest,
  payResponse,
  statementResponse,
} from '../schemas/payouts';
import { callbackReceipt } from '../schemas/play';

/**
 * Money out (spec section 7 "Admin writes"; DESIGN sections 4, 5, 7):
 * super admins pay partners and announcers from their balances (header
 * `Idempotency-Key` required); the provider's transfer callbacks carry a
 * per-payout secret and are never trusted (a status query decides).
 */
export const payoutRoutes = {
  payPartner: route('PUT', '/api/v1/admin/:id/pay-partner', 'admin', SUPER_ADMIN_SELF, {
    required: PAY_REQUIRED,
    body: payPartnerRequest,
    response: payResponse,
  }),
  payAnnouncer: route('PUT', '/api/v1/admin/:id/pay-announcer', 'admin', SUPER_ADMIN_SELF, {
    required: PAY_REQUIRED,
    body: payAnnouncerRequest,
    response: payResponse,
  }),
  /** The Payouts screen: every payout, newest first, filtered and paged; Retry starts a new payout for a failed one. */
  listPayouts: route('GET', '/api/v1/admin/:id/payouts', 'admin', SUPER_ADMIN_SELF, {
    query: listPayoutsQuery,
    response: payoutsPage,
  }),
  retryPayout: route('POST', '/api/v1/admin/:id/payouts/:payoutId/retry', 'admin', SUPER_ADMIN_SELF, {
    response: payResponse,
  }),
  /** A partner's or announcer's own statement: the path's id must be the session's own (ownPathId). */
  partnerStatement: route('GET', '/api/v1/partner/:id/statement', 'partner', PARTNER_SELF, {
    response: statementResponse,
  }),
  announcerStatement: route('GET', '/api/v1/announcer/:id/statement', 'announcer', ANNOUNCER_SELF, {
    response: statementResponse,
  }),

  /** The provider's body is never read (a status query decides), so these name no body. */
  momoTransferCallbackPut: route('PUT', CALLBACK_PATHS.momoTransfer, 'webhooks', WEBHOOK, {
    response: callbackReceipt,
  }),
  momoTransferCallbackPost: route('POST', CALLBACK_PATHS.momoTransfer, 'webhooks', WEBHOOK, {
    response: callbackReceipt,
  }),
  orangeCashinNotification: route('POST', CALLBACK_PATHS.orangeCashin, 'webhooks', WEBHOOK, {
    response: callbackReceipt,
  }),
} as const satisfies Record<string, RouteSpec>;
