import { callbackEndpoints } from '@shared/api/endpoints/callbacks';
import { CALLBACK_SECRET_SHAPE, callbackSecretMatches } from '../platform/callback-secret';
import { notFound } from '../platform/errors';
import { UUID_V4 } from '../platform/ids';
import { createHttpApp, type GuardedRequest } from '../platform/http-app';
import { confirmPayout, getPayout } from '../modules/payouts';
import { confirmPayment, type Entry, getEntry } from '../modules/entries';
import { staffSessions } from '../modules/staff';

const app = createHttpApp('webhooks', staffSessions, callbackEndpoints);

/**
 * A MoMo callback or an Orange Money notification (DESIGN sections 7 and 8):
 * it proves only that someone knows this payment's secret URL, so its body
 * is ignored — we ask the payment's provider for its status and act on that.
 * A wrong or unknown reference or secret is a 404 that reveals nothing.
 */
async function paymentCallback(request: GuardedRequest) {
  const { reference = '', secret = '' } = request.params;
  if (!UUID_V4.test(reference) || !CALLBACK_SECRET_SHAPE.test(secret)) throw notFound();
  const entry = await getEntry(reference);
  if (!entry || !paymentSecretMatches(entry, secret)) throw notFound();
  const outcome = await confirmPayment(entry.id, request.now, { entry, handOver: true });
  return { received: true as const, outcome };
}

/** The first prompt's secret, or a resent prompt's: a callback may come for any of them. */
function paymentSecretMatches(entry: Entry, secret: string): boolean {
  return [entry.callbackSecretHash, ...(entry.resendSecretHashes ?? [])].some((hash) =>
    callbackSecretMatches(secret, hash),
  );
}

app.on('momoCallbackPut', paymentCallback);
app.on('momoCallbackPost', paymentCallback);
app.on('orangeNotification', paymentCallback);

/** A MoMo transfer callback or an Orange cash-in notification: the same rules as for payments — the body is ignored, a status query decides. */
async function transferCallback(request: GuardedRequest) {
  const { reference = '', secret = '' } = request.params;
  if (!UUID_V4.test(reference) || !CALLBACK_SECRET_SHAPE.test(secret)) throw notFound();
  const payout = await getPayout(reference);
  if (!payout || !callbackSecretMatches(secret, payout.callbackSecretHash)) throw notFound();
  return { received: true as const, outcome: await confirmPayout(payout.id, request.now) };
}

app.on('momoTransferCallbackPut', transferCallback);
app.on('momoTransferCallbackPost', transferCallback);
app.on('orangeCashinNotification', transferCallback);

export const handler = app.handler;
export const implementedRoutes = app.implemented;
