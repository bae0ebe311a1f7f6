import type { PayoutView } from '../../../../../../shared/api/schemas/payouts';

export type PaymentOutcome = { status: 'paid' } | { status: 'pending' } | { status: 'failed'; reason: string };

/**
 * What a pay answer says happened (DESIGN section 4 "Payouts"): paid only
 * when the provider confirmed every payout of it; failed when any failed
 * (its amount is back on the balance); otherwise the money is still on its way.
 */
export function paymentOutcome(payouts: readonly PayoutView[]): PaymentOutcome {
  const failed = payouts.find((p) => p.Status === 'failed');
  if (failed) return { status: 'failed', reason: failed.Reason ?? 'FAILED' };
  if (payouts.length > 0 && payouts.every((p) => p.Status === 'paid')) return { status: 'paid' };
  return { status: 'pending' };
}
