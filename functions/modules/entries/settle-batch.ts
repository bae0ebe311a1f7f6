import { randomInt } from 'node:crypto';
import { stakeLine, PLATFORM_SHARDS, paidEntriesCounterWrites, paidEntriesDelta } from '../ledger';
import { splitEntry, type Split } from './money-split';
import { logger } from '../../platform/logger';
import type { Assignment } from '../catalog';
import type { BalanceChange, EntryShare } from '../payouts';
import type { Entry } from './store/entries';
import { commitSettlementBatch, type SettlementRefusal } from './store/settlement-batch';
import { unmarkPending } from './store/pending-marks';
import { frontierAfter } from './window-frontier';
import { recordEntriesSettled } from './entry-metrics';
import { type NewSms, owedInTransaction, smsIdOf } from '../messages';
import { ticketSmsText, type TicketSmsContext } from './ticket-sms';

/** One settlement batch in ONE transaction (./settlement.ts): tickets, seqs, counters, shares. */

/** What a batch needs besides its entries: the window as read, the checked-in announcers, the title on balances and tickets. */
export interface WindowState {
  assignment: Assignment;
  announcerIds: string[];
  promotionTitle: string;
}

/** Entries one settlement transaction takes at most (fewer when their shares need more items). */
export const MAX_BATCH = 40;
/** DynamoDB's limit on items in one TransactWriteItems. */
const TRANSACTION_ITEMS = 100;
/**
 * How many entries fit one transaction: 1 item each (the entry; its ticket
 * number was reserved before, ./store/tickets.ts), beside the batch's 11 (its
 * run of seq items, two where it crosses a partition; assignment, 4
 * assignment counters, 3 platform counters, the game-ledger item of its
 * stakes, the item of its ticket SMS) and a balance and its ledger line per
 * payee: MAX_BATCH binds up to 24 payees (100 − 11 − 2 × 24 = 41).
 */
const ITEMS_PER_ENTRY = 1;
const ITEMS_PER_BATCH = 11;
export function batchCapacity(assignment: Assignment, announcers: number): number {
  const partner = assignment.kind === 'partner';
  const payees =
    (partner && assignment.partnerBp > 0 ? 1 : 0) + (partner && assignment.announcerBp > 0 ? announcers : 0);
  const fits = Math.floor((TRANSACTION_ITEMS - ITEMS_PER_BATCH - 2 * payees) / ITEMS_PER_ENTRY);
  return Math.max(1, Math.min(MAX_BATCH, fits));
}

type BatchOutcome =
  /** `window`: the assignment as the transaction left it; `afterCommit`: their marks deleted, their SMS (owed in it) sent. */
  { committed: true; paid: Entry[]; window: Assignment; afterCommit: () => Promise<void> } | SettlementRefusal;

/**
 * Settle one batch in ONE transaction (./settlement.ts). Each entry takes
 * the ticket number reserved for it (`tickets`, by entry id:
 * ./store/tickets.ts). Each ticket's SMS is owed in the same transaction
 * (`texts`: what the texts need, ./ticket-sms.ts), so no ticket exists
 * without it.
 */
export async function commitBatch(
  batch: readonly Entry[],
  tickets: ReadonlyMap<string, string>,
  window: WindowState,
  now: Date,
  texts: TicketSmsContext,
): Promise<BatchOutcome> {
  const { assignment } = window;
  const paidAt = now.toISOString();
  const paid: Entry[] = batch.map((entry, i) => ({
    ...entry,
    status: 'paid',
    paidAt,
    ticketNumber: tickets.get(entry.id)!,
    windowNo: assignment.windowNo,
    seq: assignment.windowCount + 1 + i,
    smsId: smsIdOf('ticket', entry.id),
  }));
  const ticketSms = owedInTransaction(await Promise.all(paid.map((entry) => ticketSmsOf(entry, texts))), now);
  const partner = assignment.kind === 'partner';
  const splits: Split[] = paid.map((entry) =>
    splitEntry({
      amountCents: entry.amountCents,
      currency: entry.currency,
      rateMilli: entry.rateMilli,
      partnerBp: partner ? assignment.partnerBp : 0,
      announcerBp: partner ? assignment.announcerBp : 0,
      checkedInAnnouncerIds: window.announcerIds,
    }),
  );

  // the window's Merkle frontier moves with its count (DESIGN section 4, "Fair draws")
  const frontier = await frontierAfter(assignment, paid);
  const delta = paidEntriesDelta(
    paid.map((entry, i) => ({
      amountCents: entry.amountCents,
      currency: entry.currency,
      valueLrdCents: splits[i]!.lrdCents,
    })),
  );
  const after: Assignment = {
    ...assignment,
    lastPaidAt: paidAt,
    windowCount: assignment.windowCount + paid.length,
    ...(frontier ? { windowFrontier: frontier } : {}),
    paidEntries: assignment.paidEntries + paid.length,
    windowValueLrdCents: (assignment.windowValueLrdCents ?? 0) + delta.valueLrdCents,
  };
  const outcome = await commitSettlementBatch({
    assignment,
    paid,
    valueLrdCents: delta.valueLrdCents,
    ...(frontier ? { frontier } : {}),
    counters: paidEntriesCounterWrites(assignment, delta, now, randomInt(PLATFORM_SHARDS)),
    shares: shareChanges(paid, splits, assignment, window.promotionTitle),
    // the regulator report's stakes: each paid entry's stake booked with its payment (DESIGN section 4 "Tax"),
    // the batch's together in one item
    stakes: paid.map((entry, i) => stakeLine(entry, paidAt, splits[i]!.lrdCents)),
    ticketSms: ticketSms.write,
    now,
  });
  if (!outcome.committed) return outcome;
  logger.info('entries settled', {
    assignmentId: assignment.id,
    windowNo: assignment.windowNo,
    firstSeq: paid[0]!.seq,
    count: paid.length,
    correlationIds: paid.map((entry) => entry.id),
  });
  recordEntriesSettled(
    paid,
    splits.map((split) => split.lrdCents),
    now,
  );
  // beside the next batch, never undoing or failing this one: the marks of their open payments go (one left behind is
  // read as no longer open, and deleted then), and their SMS are attempted (one not attempted now is owed, and the SMS
  // job attempts it when its claim ends)
  const entryIds = paid.map((entry) => entry.id);
  const afterCommit = async () => {
    await Promise.all([
      unmarkPending(paid).catch((error: unknown) =>
        logger.warn('settled entries still marked open', { correlationIds: entryIds, error }),
      ),
      ticketSms.send().catch((error: unknown) => {
        logger.warn('ticket SMS not all attempted; the SMS job retries them', {
          entryIds,
          correlationIds: entryIds,
          error,
        });
      }),
    ]);
  };
  return { committed: true, paid, window: after, afterCommit };
}

/** A paid entry's ticket SMS, owed with its batch (functions/modules/messages/owed-batches.ts). */
async function ticketSmsOf(entry: Entry, texts: TicketSmsContext): Promise<NewSms> {
  return {
    id: entry.smsId!,
    purpose: 'ticket',
    ref: entry.id,
    to: entry.msisdn,
    text: await ticketSmsText(entry, texts),
  };
}

/**
 * The partner's and each checked-in announcer's shares of the batch: one
 * balance change (one ledger line) per payee, listing each entry's share
 * (DESIGN section 10: a payee's ledger is one partition, so a line per
 * batch, not per entry).
 */
function shareChanges(
  paid: readonly Entry[],
  splits: readonly Split[],
  assignment: Assignment,
  promotionTitle: string,
): BalanceChange[] {
  const byPayee = new Map<string, { ownerRole: 'partner' | 'announcer'; entries: EntryShare[] }>();
  const credit = (userId: string, ownerRole: 'partner' | 'announcer', entry: Entry, cents: number) => {
    const payee = byPayee.get(userId) ?? { ownerRole, entries: [] };
    byPayee.set(userId, payee);
    payee.entries.push({
      ref: entry.id,
      cents,
      ...(entry.currency === 'USD' ? { rateMilli: entry.rateMilli, originalUsdCents: entry.amountCents } : {}),
    });
  };
  paid.forEach((entry, i) => {
    const split = splits[i]!;
    if (split.partnerCents > 0) credit(assignment.partnerId, 'partner', entry, split.partnerCents);
    for (const id of split.announcerIds) credit(id, 'announcer', entry, split.perAnnouncerCents);
  });
  return [...byPayee].map(([userId, { ownerRole, entries }]) => ({
    userId,
    ownerRole,
    promotionId: paid[0]!.promotionId,
    promotionTitle,
    deltaCents: entries.reduce((sum, e) => sum + e.cents, 0),
    kind: 'entry-share',
    ref: entries[0]!.ref,
    entries,
  }));
}
