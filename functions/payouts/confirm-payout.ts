import { ProviderUnavailableError } from '../integrations/mobile-money';
import { payoutProviderFor } from '../integrations/providers';
import { getPayout, markPayoutFailed, markPayoutPaid } from '../store/payouts';

export type ConfirmPayoutOutcome = 'paid' | 'failed' | 'pending' | 'unchanged' | 'unreachable';

/**
 * Find out from the provider what happened to a transfer and act on it —
 * never on what a callback's body claims (DESIGN section 7). Callbacks and
 * the reconciliation job both come here; moving a payout out of pending is a
 * conditional write, so any number of them racing settle it once.
 */
export async function confirmPayout(payoutId: string, now: Date): Promise<ConfirmPayoutOutcome> {
  const payout = await getPayout(payoutId);
  if (!payout || payout.status !== 'pending') return 'unchanged';
  let status;
  try {
    status = await (await payoutProviderFor(payout.msisdn)).transferStatus(payout.id);
  } catch (error) {
    if (error instanceof ProviderUnavailableError) return 'unreachable';
    throw error;
  }
  if (status.status === 'SUCCESSFUL') {
    return (await markPayoutPaid(payout, status.financialTransactionId, now)) ? 'paid' : 'unchanged';
  }
  if (status.status === 'FAILED') {
    // NOT_FOUND: the transfer never reached the provider (it cannot succeed later), so the hold comes back
    return (await markPayoutFailed(payout, status.reason ?? 'FAILED', now)) ? 'failed' : 'unchanged';
  }
  // still PENDING at the provider: the money may yet arrive, so nothing is restored
  return 'pending';
}
