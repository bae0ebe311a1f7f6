import { ProviderUnavailableError } from '../../integrations/mobile-money';
import { payoutProviderFor } from '../../integrations/providers';
import { prizePaidSms, sendPrizePaidSms } from './prize-sms';
import { getPayout, type Payout } from './store/payouts';
import { markPayoutFailed, markPayoutNotFound, markPayoutPaid } from './store/payout-settlement';

export type ConfirmPayoutOutcome = 'paid' | 'failed' | 'pending' | 'unchanged' | 'unreachable';

/**
 * How long a reference must stay NOT_FOUND at the provider before the payout
 * counts as never sent. A transfer whose send timed out may still be in the
 * provider's hands while its status query answers NOT_FOUND; failing it at
 * once would restore a balance or retry a prize under a new reference, and
 * the late transfer would pay a second time (DESIGN section 4 "Payouts").
 */
export const NOT_FOUND_SETTLE_MS = 10 * 60_000;

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
    // a prize's winner is owed the "prize paid" SMS with the payment itself, then it is tried once now
    const sms = payout.kind === 'prize' ? prizePaidSms(payout) : undefined;
    if (!(await markPayoutPaid(payout, status.financialTransactionId, now, sms))) return 'unchanged';
    if (sms) await sendPrizePaidSms(sms, now);
    return 'paid';
  }
  if (status.status === 'FAILED' && status.reason === 'NOT_FOUND') return settleNotFound(payout, now);
  if (status.status === 'FAILED') {
    return (await markPayoutFailed(payout, status.reason ?? 'FAILED', now)) ? 'failed' : 'unchanged';
  }
  // still PENDING at the provider: the money may yet arrive, so nothing is restored
  return 'pending';
}

/**
 * NOT_FOUND: still pending until the reference has been NOT_FOUND for the
 * settling delay (re-queried by later callbacks and reconciliation runs);
 * only then did the transfer never reach the provider, so it fails (a held
 * balance comes back; a prize may be retried under a new reference).
 */
async function settleNotFound(payout: Payout, now: Date): Promise<ConfirmPayoutOutcome> {
  const since = await markPayoutNotFound(payout, now);
  if (since === undefined) return 'unchanged';
  if (now.getTime() - Date.parse(since) < NOT_FOUND_SETTLE_MS) return 'pending';
  return (await markPayoutFailed(payout, 'NOT_FOUND', now)) ? 'failed' : 'unchanged';
}
