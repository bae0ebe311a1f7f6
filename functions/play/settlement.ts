import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { splitEntry, type Split } from '../domain/money-split';
import { newTicketNumber } from '../domain/ticket-number';
import { db, failedConditionIndexes, isConditionFailure, isTransactionConflict, tableName } from '../lib/dynamo';
import { logger } from '../lib/logger';
import { checkedInAnnouncersOf } from '../store/announcers';
import { getAssignment, type Assignment } from '../store/assignments';
import { balanceChange } from '../store/balances';
import { paidEntryCounterWrites } from '../store/counters';
import { getEntry, type Entry } from '../store/entries';
import { keys } from '../store/keys';
import { getPromotion } from '../store/promotions';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export type SettleResult =
  | { outcome: 'settled'; entry: Entry; split: Split }
  /** It was settled (or failed) before: nothing changed. */
  | { outcome: 'unchanged'; entry: Entry };

/** Attempts before leaving a busy draw window to reconciliation (the entry stays pending; nothing is lost). */
const MAX_ATTEMPTS = 40;

/** Settlement lost the race for its draw window too many times; the entry is still pending. */
export class SettlementBusyError extends Error {
  constructor(readonly entryId: string) {
    super(`settlement of ${entryId} deferred: its draw window is busy`);
    this.name = 'SettlementBusyError';
  }
}

/**
 * Settle a paid entry (DESIGN section 4, issue 5 item 6): in ONE transaction,
 * the entry becomes paid with a fresh ticket number and the next sequence
 * number of its assignment's open draw window; the window's seq item, the
 * period counters, the partner and announcer shares and their ledger lines
 * are written. Exactly once: however many callbacks and reconciliation runs
 * race, only one transaction finds the entry pending.
 */
export async function settlePaidEntry(entryId: string, now: Date): Promise<SettleResult> {
  for (let attempt = 1; ; attempt += 1) {
    const entry = await getEntry(entryId);
    if (!entry) throw new Error(`no entry ${entryId}`);
    if (entry.status !== 'pending') return { outcome: 'unchanged', entry };

    const assignment = await getAssignment(entry.assignmentId);
    if (!assignment) throw new Error(`entry ${entryId} names a missing assignment ${entry.assignmentId}`);
    const announcers =
      assignment.kind === 'partner' && assignment.announcerBp > 0 ? await checkedInAnnouncersOf(assignment.partnerId) : [];
    const split = splitEntry({
      amountCents: entry.amountCents,
      currency: entry.currency,
      rateMilli: entry.rateMilli,
      partnerBp: assignment.kind === 'partner' ? assignment.partnerBp : 0,
      announcerBp: assignment.kind === 'partner' ? assignment.announcerBp : 0,
      checkedInAnnouncerIds: announcers.map((a) => a.id),
    });
    const promotionTitle = split.partnerCents > 0 || split.perAnnouncerCents > 0 ? (await getPromotion(entry.promotionId))?.title ?? '' : '';
    const ticketNumber = newTicketNumber();
    const seq = assignment.windowCount + 1;
    const paid: Entry = {
      ...entry,
      status: 'paid',
      paidAt: now.toISOString(),
      ticketNumber,
      windowNo: assignment.windowNo,
      seq,
    };

    const items = settlementWrites(paid, assignment, split, promotionTitle, now);
    try {
      await db().send(new TransactWriteCommand({ TransactItems: items }));
      return { outcome: 'settled', entry: paid, split };
    } catch (error) {
      if (isConditionFailure(error) && failedConditionIndexes(error).includes(0)) {
        // someone else settled or failed it first
        const current = await getEntry(entryId);
        return { outcome: 'unchanged', entry: current! };
      }
      if (!(isConditionFailure(error) || isTransactionConflict(error))) throw error;
      if (attempt >= MAX_ATTEMPTS) throw new SettlementBusyError(entryId);
      // the window moved on (another entry took this seq, or a draw closed it) or the ticket number collided: try again
      await backoff(attempt);
      if (attempt % 10 === 0) logger.warn('settlement contended', { entryId, attempt });
    }
  }
}

function settlementWrites(paid: Entry, assignment: Assignment, split: Split, promotionTitle: string, now: Date): TransactItem[] {
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.entry(paid.id),
        UpdateExpression:
          'SET #status = :paid, paidAt = :at, ticketNumber = :ticket, windowNo = :window, seq = :seq, ' +
          'gsi2pk = :unsent, gsi2sk = :unsentSort REMOVE gsi1pk, gsi1sk',
        // no double settle: only a pending entry becomes paid
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':paid': 'paid',
          ':pending': 'pending',
          ':at': paid.paidAt,
          ':ticket': paid.ticketNumber,
          ':window': paid.windowNo,
          ':seq': paid.seq,
          ':unsent': keys.unsentSms,
          ':unsentSort': `${paid.paidAt}#${paid.id}`,
        },
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.ticket(paid.ticketNumber!), entity: 'ticket', entryId: paid.id },
        // ticket numbers are unique
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.windowEntry(assignment.id, paid.windowNo!, paid.seq!),
          entity: 'windowEntry',
          entryId: paid.id,
          ticketNumber: paid.ticketNumber,
          msisdn: paid.msisdn,
        },
        // one entry per sequence number
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.assignment(assignment.id),
        // windowValueLrdCents: the open window's stakes (the jackpot prize grows with them; a draw resets it)
        UpdateExpression: 'SET windowCount = :seq ADD paidEntries :one, windowValueLrdCents :value',
        // dense sequence numbers in the OPEN window: nobody took this seq, no draw closed the window
        ConditionExpression: 'windowNo = :window AND windowCount = :previous',
        ExpressionAttributeValues: {
          ':seq': paid.seq,
          ':one': 1,
          ':value': split.lrdCents,
          ':window': assignment.windowNo,
          ':previous': assignment.windowCount,
        },
      },
    },
    ...paidEntryCounterWrites(assignment, paid.amountCents, paid.currency, split.lrdCents, now),
  ];
  const share = (userId: string, ownerRole: 'partner' | 'announcer', cents: number) =>
    balanceChange(
      {
        userId,
        ownerRole,
        promotionId: paid.promotionId,
        promotionTitle,
        deltaCents: cents,
        kind: 'entry-share',
        ref: paid.id,
        ...(paid.currency === 'USD' ? { rateMilli: paid.rateMilli, originalUsdCents: paid.amountCents } : {}),
      },
      now,
    );
  if (split.partnerCents > 0) items.push(...share(assignment.partnerId, 'partner', split.partnerCents));
  for (const announcerId of split.announcerIds) items.push(...share(announcerId, 'announcer', split.perAnnouncerCents));
  return items;
}

/** Jittered exponential backoff, capped at ~100 ms: contention clears in a few tries. */
function backoff(attempt: number): Promise<void> {
  const cap = Math.min(100, 5 * 2 ** Math.min(attempt, 5));
  return new Promise((resolve) => setTimeout(resolve, Math.random() * cap));
}
