/**
 * Where each provider calls us back about a payment or a payout (DESIGN
 * sections 7 and 8): the route of that provider's callback, with the
 * reference and its per-payment secret in the path. MTN PUTs to X-Callback-Url;
 * Orange POSTs to notifUrl. Either way the body is ignored and a status query
 * decides (functions/webhooks/handler.ts).
 */
import { routes } from '@shared/api/routes';
import type { MobileMoneyProvider } from './mobile-money';

type ProviderName = MobileMoneyProvider['name'];

const PAYMENT_CALLBACKS = { mtn: routes.momoCallbackPost, orange: routes.orangeNotification } as const;
const TRANSFER_CALLBACKS = { mtn: routes.momoTransferCallbackPost, orange: routes.orangeCashinNotification } as const;

export function paymentCallbackPath(provider: ProviderName, entryId: string, secret: string): string {
  return fill(PAYMENT_CALLBACKS[provider].path, entryId, secret);
}

export function transferCallbackPath(provider: ProviderName, payoutId: string, secret: string): string {
  return fill(TRANSFER_CALLBACKS[provider].path, payoutId, secret);
}

function fill(path: string, reference: string, secret: string): string {
  return path.replace(':reference', encodeURIComponent(reference)).replace(':secret', encodeURIComponent(secret));
}
