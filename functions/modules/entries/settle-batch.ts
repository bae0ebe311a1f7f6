import { randomInt } from 'node:crypto';
import { stakeLine, PLATFORM_SHARDS, paidEntriesCounterWrites, paidEntriesDelta } from '../ledger';
import { splitEntry, type Split } from './money-split';
import { newTicketNumber } from './ticket-number';
import { logger } from '../../platform/logger';
import type { Assignment } from '../catalog';
import type { BalanceChange, EntryShare } from '../payouts';
import type { Entry } from './store/entries';
import { commitSettlementBatch, type SettlementRefusal } from './store/settlement-batch';
import { frontierAfter } from './window-frontier';
import { recordEntriesSettled } from './entry-metrics';
import { owedInTransaction, smsIdOf } from '../messages';
import { ticketSmsText, type TicketSmsContext } from './ticket-sms';
import type { TransactItem } from '../../platform/dynamo';

/** One settlement batch in ONE transaction (./settlement.ts): tickets, seqs, counters, shares. */

/** What a batch needs besides its entries: the window as read, the checked-in announcers, the title on balances and tickets. */
export interface WindowState {
  assignment: Assignment;
  announcerIds: string[];
  promotionTitle: string;
}

/** Who settles: the lease's holder, or (one batch of a quiet window's lone entry) whoever finds it unheld. */
export type Settler = { holder: string } | { unheld: true };

/** Entries one settlement transaction takes at most (fewer when their shares need more items). */
export const MAX_BATCH = 20;
/** DynamoDB's limit on items in one TransactWriteItems. */
export const TRANSACTION_ITEMS = 100;
/**
 * How many entries fit one transaction: 4 items each (entry, ticket, seq
 * item, ticket SMS), beside the batch's 10 (assignment, 4 assignment counters,
 * 3 platform counters, the game-ledger item of its stakes, the lease's
 * release) and a balance and its ledger line per payee: a partner's batch
 * with 3 announcers checked in, (100 − 10 − 2 × 4) / 4 → 20.
 */
const ITEMS_PER_ENTRY = 4;
const ITEMS_PER_BATCH = 10;
export function batchCapacity(assignment: Assignment, announcers: number): number {
  const partner = assignment.kind === 'partner';
  const payees =
    (partner && assignment.partnerBp > 0 ? 1 : 0) + (partner && assignment.announcerBp > 0 ? announcers : 0);
  const fits = Math.floor((TRANSACTION_ITEMS - ITEMS_PER_BATCH - 2 * payees) / ITEMS_PER_ENTRY);
  return Math.max(1, Math.min(MAX_BATCH, fits));
}

type BatchOutcome =
  /** `window`: the assignment as the transaction left it; `sendTicketSms`: their SMS, owed in it, sent now. */
  { committed: true; paid: Entry[]; window: Assignment; sendTicketSms: () => Promise<void> } | SettlementRefusal;

/**
 * Settle one batch in ONE transaction (see settlePaidEntry); `ending`: the
 * turn ends with it (a lease holder gives the lease back in it). Each
 * ticket's SMS is owed in the same transaction (`texts`: what the texts
 * need, ./ticket-sms.ts), so no ticket exists without it.
 */
export async function commitBatch(
  batch: readonly Entry[],
  window: WindowState,
  now: Date,
  texts: TicketSmsContext,
  ending?: Settler,
): Promise<BatchOutcome> {
  const { assignment } = window;
  const paidAt = now.toISOString();
  const paid: Entry[] = batch.map((entry, i) => ({
    ...entry,
    status: 'paid',
    paidAt,
    ticketNumber: newTicketNumber(),
    windowNo: assignment.windowNo,
    seq: assignment.windowCount + 1 + i,
    smsId: smsIdOf('ticket', entry.id),
  }));
  const ticketSms = await Promise.all(paid.map((entry) => ticketSmsOwed(entry, now, texts)));
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
    smses: ticketSms.map((sms) => sms.write),
    // a holder's turn ending here found nobody else queued: the window is quiet. (A settler without the lease
    // touches it not at all: should a holder have started meanwhile, the window's count decides who goes first.)
    ...(ending && 'holder' in ending ? { releaseLeaseOf: ending.holder } : {}),
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
  // never undoes or fails the settlement: an SMS not sent now is owed, and the SMS job attempts it when its claim ends
  const sendTicketSms = async () => {
    await Promise.all(
      ticketSms.map((sms, i) =>
        sms.send().catch((error: unknown) => {
          const entryId = paid[i]!.id;
          logger.warn('ticket SMS not attempted; the SMS job retries it', { entryId, correlationId: entryId, error });
        }),
      ),
    );
  };
  return { committed: true, paid, window: after, sendTicketSms };
}

/**
 * A paid entry's ticket SMS, owed in its batch and claimed for its first
 * attempt, made once the batch commits (functions/modules/messages/deliver-sms.ts
 * retries a gateway failure; a crash between leaves it to the retry job).
 */
async function ticketSmsOwed(
  entry: Entry,
  now: Date,
  texts: TicketSmsContext,
): Promise<{ write: TransactItem; send: () => Promise<unknown> }> {
  const sms = { id: entry.smsId!, purpose: 'ticket' as const, ref: entry.id, to: entry.msisdn };
  return owedInTransaction({ ...sms, text: await ticketSmsText(entry, texts) }, now);
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
