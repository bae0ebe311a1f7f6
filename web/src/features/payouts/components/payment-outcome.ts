import type { PayoutRecordView, PayoutView } from '@shared/api/schemas/payouts';
import { ApiError } from '@web/lib/api-client';

export type PaymentOutcome = { status: 'paid' } | { status: 'pending' } | { status: 'failed'; reason: string };

type Settled = Pick<PayoutView, 'Status' | 'Reason'>;

/**
 * What a pay answer says happened (DESIGN section 4 "Payouts"): paid only
 * when the provider confirmed every payout of it; failed when any failed
 * (its amount is back on the balance); otherwise the money is still on its way.
 */
export function paymentOutcome(payouts: readonly Settled[]): PaymentOutcome {
  const failed = payouts.find((p) => p.Status === 'failed');
  if (failed) return { status: 'failed', reason: failed.Reason ?? 'FAILED' };
  if (payouts.length > 0 && payouts.every((p) => p.Status === 'paid')) return { status: 'paid' };
  return { status: 'pending' };
}

/**
 * The outcome of a payment's payouts as the live `admin/payouts` list shows
 * them now: pending until every one of them is listed and settled (one not
 * listed yet is still on its way).
 */
export function liveOutcome(ids: readonly string[], listed: readonly PayoutRecordView[] | undefined): PaymentOutcome {
  if (!listed) return { status: 'pending' };
  const byId = new Map(listed.map((p) => [p.ID, p]));
  const mine = ids.map((id) => byId.get(id));
  const failed = mine.find((p) => p?.Status === 'failed');
  if (failed) return { status: 'failed', reason: failed.Reason ?? 'FAILED' };
  return mine.every((p) => p?.Status === 'paid') ? { status: 'paid' } : { status: 'pending' };
}

/**
 * A refused pay call's reason when EVERY payout it lists failed (the
 * provider refused them outright and their amounts are back on the balance):
 * that attempt is over, so trying again is a new payment under a new
 * Idempotency-Key — the old key would only answer its failure again. Any
 * other refusal (nothing listed, or some pending or paid) keeps the key, so a
 * retry never pays twice (DESIGN section 5).
 */
export function failedAttemptReason(error: unknown): string | null {
  const payload = error instanceof ApiError ? error.payload : null;
  const listed = payload && typeof payload === 'object' && 'Payouts' in payload ? payload.Payouts : null;
  if (!Array.isArray(listed) || listed.length === 0) return null;
  const payouts = listed as Settled[];
  return payouts.every((p) => p.Status === 'failed') ? (payouts[0]!.Reason ?? 'FAILED') : null;
}
