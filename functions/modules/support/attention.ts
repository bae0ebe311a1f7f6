import type { AttentionItem } from '@shared/api/schemas/support';
import { getEntries, pendingEntriesBefore } from '../entries';
import { failedSms } from '../messages';
import { listPayoutsPage } from '../payouts';
import { openComplaints } from './store/complaints';

/** A payment is past its expiry after this long (DESIGN section 4): still pending then, nobody knows its outcome. */
const EXPIRY_MS = 15 * 60_000;
/** At most this many of each kind: the desk's list is a work queue, not a report. */
const EACH = 50;

/**
 * What needs the desk's attention (issue "Player support desk"), newest
 * first, each naming its player's number: debits without outcome (pending
 * past the 15-minute expiry: the provider has not said), SMS that failed for
 * good, payouts that failed and were not retried, late successes refunded
 * (the provider's SUCCESSFUL came after the product failed the entry), and
 * open complaints. Each kind is one read of its own sparse index.
 */
export async function attentionList(now: Date): Promise<AttentionItem[]> {
  const [stuckIds, sms, failedPayouts, refunds, complaints] = await Promise.all([
    pendingEntriesBefore(new Date(now.getTime() - EXPIRY_MS), EACH),
    failedSms(EACH),
    listPayoutsPage({ status: 'failed' }, EACH),
    listPayoutsPage({ kind: 'refund' }, EACH),
    openComplaints(now, EACH),
  ]);
  const refundEntryIds = refunds.payouts.flatMap((payout) => (payout.entryId ? [payout.entryId] : []));
  const [stuck, refunded] = await Promise.all([getEntries(stuckIds), getEntries(refundEntryIds)]);
  const items: AttentionItem[] = [
    // pending still: a mark read as open may belong to an entry paid or failed since
    ...[...stuck.values()]
      .filter((entry) => entry.status === 'pending')
      .map((entry) => ({
        kind: 'debit-without-outcome' as const,
        mobile_number: entry.msisdn,
        ref: entry.id,
        at: entry.createdAt,
        detail: entry.confirmedAt
          ? 'Paid, ticket not yet issued'
          : 'Pending past its expiry: the provider has not said',
      })),
    ...sms.map((record) => ({
      kind: 'failed-sms' as const,
      mobile_number: record.to,
      ref: record.id,
      at: record.failedAt ?? record.createdAt,
      detail: `${record.purpose} SMS failed${record.lastError ? `: ${record.lastError}` : ''}`,
    })),
    ...failedPayouts.payouts
      .filter((payout) => !payout.retriedAs)
      .map((payout) => ({
        kind: 'failed-payout' as const,
        mobile_number: payout.msisdn,
        ref: payout.id,
        at: payout.failedAt ?? payout.createdAt,
        detail: `${payout.kind} payout failed${payout.reason ? `: ${payout.reason}` : ''}`,
      })),
    // a refund of an entry the product had failed (not a cleared draw's ticket): the provider's success came late
    ...refunds.payouts
      .filter((payout) => payout.entryId && refunded.get(payout.entryId)?.status === 'failed')
      .map((payout) => ({
        kind: 'late-success' as const,
        mobile_number: payout.msisdn,
        ref: payout.entryId!,
        at: payout.createdAt,
        detail: `Paid after the entry had failed: refund ${payout.status}`,
      })),
    ...complaints.map((complaint) => ({
      kind: 'open-complaint' as const,
      mobile_number: complaint.msisdn,
      ref: complaint.id,
      at: complaint.openedAt,
      detail: complaint.summary,
    })),
  ];
  return items.sort((a, b) => b.at.localeCompare(a.at));
}
