import { drawIdOf } from '@shared/draw-math';
import { formatMoney } from '@shared/money';
import { paymentProviderOf } from '@shared/payment-providers';
import type { EntryView, HeldPrizeView, Outcome, PayoutView, PlayerStory, SmsView } from '@shared/api/schemas/support';
import { getDraws, type DrawRecord, type PrizeDraw } from '../draw-records';
import { recentEntriesOf, type Entry } from '../entries';
import { resendable, smsIdOf, smsRecords, type SmsRecord } from '../messages';
import { checkView, getPayouts, heldPrizesOf, refundPayoutId, type Payout } from '../payouts';
import { isExcluded, standingOf } from '../players';
import { complaintView } from './complaint-view';
import { complaintsOf } from './store/complaints';

/** How many of a number's entries the desk shows (newest first): a player's story, not an archive. */
const ENTRIES_SHOWN = 50;
/** The SMS an entry may have caused, by purpose (functions/modules/messages/store/sms-records.ts), all keyed by the entry. */
const ENTRY_SMS = ['ticket', 'prompt-refused', 'entry-failed', 'draw-cleared', 'late-refund', 'draw-moved'] as const;

/**
 * A number's whole story for the support desk (DESIGN section 7), newest
 * first: each entry with its channel, game, amount, provider, ticket, draw and
 * outcome, its SMS, its prize and refund payouts; the number's exclusion,
 * limits and complaints, and its prizes held for a claim. Read by key and batch (the number's own
 * partition, one batch each for draws, payouts and SMS) and the small queue of held prizes, never a scan.
 */
export async function playerStory(msisdn: string, now: Date): Promise<PlayerStory> {
  const [entries, standing, complaints, held] = await Promise.all([
    recentEntriesOf(msisdn, ENTRIES_SHOWN),
    standingOf(msisdn, now),
    complaintsOf(msisdn),
    heldPrizesOf(msisdn),
  ]);
  const drawIds = [...new Set(entries.flatMap((entry) => (entry.windowNo !== undefined ? [drawOf(entry)] : [])))];
  const draws = new Map((await getDraws(drawIds)).map((draw) => [draw.id, draw] as const));
  const payoutIds = entries.flatMap((entry) => {
    const won = wonDraw(entry, draws);
    return [entry.refundPayoutId ?? refundPayoutId(entry.id), ...(won?.payoutId ? [won.payoutId] : [])];
  });
  const payouts = await getPayouts([...new Set(payoutIds)]);
  const smsIds = entries.flatMap((entry) => {
    const won = wonDraw(entry, draws);
    return [
      ...ENTRY_SMS.map((purpose) => smsIdOf(purpose, entry.id)),
      ...(won ? [smsIdOf('winner', won.id)] : []),
      ...(won?.payoutId ? [smsIdOf('prize-paid', won.payoutId)] : []),
    ];
  });
  const sms = await smsRecords([...new Set(smsIds)]);
  const exclusion = standing.exclusion;
  const excluded = isExcluded(exclusion, now);
  return {
    mobile_number: msisdn,
    provider: paymentProviderOf(msisdn) ?? 'unknown',
    exclusion: {
      excluded,
      permanent: excluded && exclusion.permanent,
      ...(excluded
        ? { by: exclusion.by, since: exclusion.since, ...(exclusion.until ? { until: exclusion.until } : {}) }
        : {}),
    },
    limits: {
      ...(standing.ownLimitLrdCents !== undefined ? { own_daily_limit: formatMoney(standing.ownLimitLrdCents) } : {}),
      spent_today: formatMoney(standing.spentTodayLrdCents),
    },
    entries: entries.map((entry) => entryView(entry, draws, payouts, sms)),
    complaints: complaints.map(complaintView),
    held_prizes: held.map(heldPrizeView),
  };
}

/** A prize held for a claim, with the identity check recorded on it (the corrected number in full: the desk). */
function heldPrizeView(draw: PrizeDraw): HeldPrizeView {
  return {
    draw_id: draw.id,
    promotion: draw.promotionTitle,
    amount: formatMoney(draw.prizeLrdCents ?? 0),
    ticket: draw.winnerTicket ?? '',
    reason: draw.payoutReason ?? '',
    claim_deadline: draw.claimDeadline ?? '',
    ...(draw.claimCheck ? { identity_check: checkView(draw.claimCheck) } : {}),
  };
}

const drawOf = (entry: Entry): string => drawIdOf(entry.assignmentId, entry.windowNo!);

function wonDraw(entry: Entry, draws: ReadonlyMap<string, DrawRecord>): DrawRecord | undefined {
  const draw = entry.windowNo !== undefined ? draws.get(drawOf(entry)) : undefined;
  return draw?.winnerEntryId === entry.id ? draw : undefined;
}

/** What became of an entry, in the desk's words. */
function outcomeOf(entry: Entry, draw: DrawRecord | undefined): Outcome {
  if (entry.refundedAt) return 'refunded';
  if (entry.status === 'pending') return 'pending';
  if (entry.status === 'failed') return 'failed';
  if (draw?.winnerEntryId === entry.id) return 'won';
  // drawn among: its seq within the draw's range (a late house draw leaves the tail to the next one)
  const last = draw ? (draw.lastSeq ?? draw.firstSeq + draw.entryCount - 1) : 0;
  if (draw && draw.kind !== 'cleared' && entry.seq !== undefined && entry.seq >= draw.firstSeq && entry.seq <= last)
    return 'lost';
  return entry.carriedAt ? 'carried' : 'waiting';
}

function entryView(
  entry: Entry,
  draws: ReadonlyMap<string, DrawRecord>,
  payouts: ReadonlyMap<string, Payout>,
  sms: readonly SmsRecord[],
): EntryView {
  const draw = entry.windowNo !== undefined ? draws.get(drawOf(entry)) : undefined;
  const won = wonDraw(entry, draws);
  const refund = payouts.get(entry.refundPayoutId ?? refundPayoutId(entry.id));
  const prize = won?.payoutId ? payouts.get(won.payoutId) : undefined;
  const mine = new Set([
    ...ENTRY_SMS.map((purpose) => smsIdOf(purpose, entry.id)),
    ...(won ? [smsIdOf('winner', won.id)] : []),
    ...(won?.payoutId ? [smsIdOf('prize-paid', won.payoutId)] : []),
  ]);
  return {
    id: entry.id,
    created_at: entry.createdAt,
    channel: entry.channel,
    game: entry.game,
    promotion: entry.promotionTitle ?? entry.promotionId,
    amount: formatMoney(entry.amountCents),
    currency: entry.currency,
    provider: paymentProviderOf(entry.msisdn) ?? 'unknown',
    status: entry.status,
    ...(entry.reason ? { reason: entry.reason } : {}),
    outcome: outcomeOf(entry, draw),
    ...(entry.ticketNumber ? { ticket: entry.ticketNumber } : {}),
    ...(entry.windowNo !== undefined ? { draw_id: drawOf(entry) } : {}),
    ...(entry.lateSuccessAt ? { late_success_at: entry.lateSuccessAt } : {}),
    may_be_orphan: entry.status === 'failed' && !entry.lateSuccessAt && !entry.refundedAt,
    ...(refund ? { refund: payoutView(refund) } : {}),
    ...(prize ? { prize: payoutView(prize) } : {}),
    sms: sms
      .filter((record) => mine.has(record.id))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map(smsView),
  };
}

function payoutView(payout: Payout): PayoutView {
  return {
    id: payout.id,
    kind: payout.kind,
    amount: formatMoney(payout.amountCents),
    currency: payout.currency,
    status: payout.status,
    ...(payout.reason ? { reason: payout.reason } : {}),
    created_at: payout.createdAt,
    ...(payout.paidAt ? { paid_at: payout.paidAt } : {}),
    ...(payout.failedAt ? { failed_at: payout.failedAt } : {}),
    requested_by: payout.requestedBy,
  };
}

function smsView(record: SmsRecord): SmsView {
  return {
    id: record.id,
    purpose: record.purpose,
    text: record.text,
    state: record.state,
    attempts: record.attempts,
    resendable: resendable(record, { sent: true }),
    created_at: record.createdAt,
    ...(record.sentAt ? { sent_at: record.sentAt } : {}),
    ...(record.failedAt ? { failed_at: record.failedAt } : {}),
    ...(record.lastError ? { last_error: record.lastError } : {}),
  };
}
