import { WEBHOOK } from '../access';
import { route, type RouteSpec } from '../route-spec';
import { CALLBACK_PATHS } from './callback-paths';

/**
 * The mobile-money providers' callbacks (DESIGN sections 7 and 8), served by
 * the webhooks Lambda. A callback proves only that someone knows the
 * payment's or payout's secret URL: its body is never read (a status query
 * decides), so none names a body.
 */
export const callbackEndpoints = {
  /** MoMo callbacks arrive by PUT or POST; the path carries the per-payment secret (DESIGN section 7). */
  momoCallbackPut: route('PUT', CALLBACK_PATHS.momoPayment, 'webhooks', WEBHOOK),
  momoCallbackPost: route('POST', CALLBACK_PATHS.momoPayment, 'webhooks', WEBHOOK),
  /** Orange Money POSTs its notification to the payment's notifUrl, which carries the same per-payment secret. */
  orangeNotification: route('POST', CALLBACK_PATHS.orangePayment, 'webhooks', WEBHOOK),
  /** A transfer's callbacks: the same rules, with the per-payout secret. */
  momoTransferCallbackPut: route('PUT', CALLBACK_PATHS.momoTransfer, 'webhooks', WEBHOOK),
  momoTransferCallbackPost: route('POST', CALLBACK_PATHS.momoTransfer, 'webhooks', WEBHOOK),
  orangeCashinNotification: route('POST', CALLBACK_PATHS.orangeCashin, 'webhooks', WEBHOOK),
} as const satisfies Record<string, RouteSpec>;
