/**
 * Where each provider calls us back about a payment or a payout (DESIGN
 * sections 7 and 8): the route of that provider's callback, with the
 * reference and its per-payment secret in the path. MTN PUTs to X-Callback-Url;
 * Orange POSTs to notifUrl. Either way the body is ignored and a status query
 * decides (functions/lambdas/webhooks.ts). The paths come from the
 * schema-free shared/api/endpoints/callback-paths.ts, which their endpoints use too.
 */
import { CALLBACK_PATHS } from '@shared/api/endpoints/callback-paths';
import type { MobileMoneyProvider } from './mobile-money';

type ProviderName = MobileMoneyProvider['name'];

const PAYMENT_CALLBACKS = { mtn: CALLBACK_PATHS.momoPayment, orange: CALLBACK_PATHS.orangePayment } as const;
const TRANSFER_CALLBACKS = { mtn: CALLBACK_PATHS.momoTransfer, orange: CALLBACK_PATHS.orangeCashin } as const;

export function paymentCallbackPath(provider: ProviderName, entryId: string, secret: string): string {
  return fill(PAYMENT_CALLBACKS[provider], entryId, secret);
}

export function transferCallbackPath(provider: ProviderName, payoutId: string, secret: string): string {
  return fill(TRANSFER_CALLBACKS[provider], payoutId, secret);
}

function fill(path: string, reference: string, secret: string): string {
  return path.replace(':reference', encodeURIComponent(reference)).replace(':secret', encodeURIComponent(secret));
}
