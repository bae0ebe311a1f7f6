import type { PayoutRecordView } from '@shared/api/schemas/payouts';
import { formatMoney } from '@shared/money';
import type { Payout } from './store/payouts';
import { getUser } from '../staff';
import { isUnpayable } from './held-prize-rules';

/**
 * Payouts as the admin Payouts screen and the `admin/payouts` topic list
 * them: with the payee's name (a partner's or announcer's
 * username, read once per payee; a prize's winner number) and whether a
 * Retry applies.
 */
export async function payoutRecords(payouts: readonly Payout[]): Promise<PayoutRecordView[]> {
  const payeeIds = [...new Set(payouts.flatMap((payout) => (payout.userId ? [payout.userId] : [])))];
  const names = new Map(
    (await Promise.all(payeeIds.map(getUser))).flatMap((user) => (user ? [[user.id, user.username] as const] : [])),
  );
  return payouts.map((payout) => payoutRecord(payout, payout.userId ? names.get(payout.userId) : undefined));
}

function payoutRecord(payout: Payout, payeeName: string | undefined): PayoutRecordView {
  const finishedAt = payout.paidAt ?? payout.failedAt;
  return {
    ID: payout.id,
    Kind: payout.kind,
    Payee: payeeName ?? payout.msisdn,
    MobileNumber: payout.msisdn,
    Promotion: payout.promotionTitle,
    Amount: formatMoney(payout.amountCents),
    Status: payout.status,
    ...(payout.reason ? { Reason: payout.reason } : {}),
    ...(payout.financialTransactionId ? { Reference: payout.financialTransactionId } : {}),
    StartedAt: payout.createdAt,
    ...(finishedAt ? { FinishedAt: finishedAt } : {}),
    // a prize its number cannot take is held for a claim to a corrected number, not retried (./held-prizes.ts)
    Retryable:
      payout.status === 'failed' &&
      !payout.retriedAs &&
      payout.kind !== 'refund' &&
      !(payout.kind === 'prize' && isUnpayable(payout.reason ?? '')),
    ...(payout.retryOf ? { RetryOf: payout.retryOf } : {}),
    ...(payout.retriedAs ? { RetriedAs: payout.retriedAs } : {}),
  };
}
