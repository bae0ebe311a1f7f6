import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { GameLedgerLine } from '../../ledger';
import { commitAll, commitLabelled, db, isConditionFailure, tableName } from '../../../platform/dynamo';
import { balanceChanges, type BalanceChange, newPayoutPut, type Payout } from '../../payouts';
import { refundCounterWrites, gameLedgerPut } from '../../ledger';
import { keys } from '../../../platform/store/keys';
import { windowRunPuts, type WindowEntry } from '../../entries';

/**
 * The writes of a clear's second half (DESIGN section 4 "Clear draw"; functions/modules/draws/clear-entries.ts):
 * carrying a cleared window's entries into the next window, refunding one, and marking the move done. Each is
 * idempotent, so a retried or concurrent run (a draw, a clear, the finish-clears job) does the same work once.
 */

/** Entries carried per transaction: the entry each, and their runs of seq items in the next window (one or two). */
export const CARRY_BATCH = 50;

/**
 * Carry these entries of closed window `from` into window `from + 1`: a clear's at the same seqs, a late
 * tail's renumbered (`toSeq`); the next window's count and Merkle frontier already hold them
 * (modules/draws/store/draws.ts windowCloseUpdate). A cleared entry is marked carried (its checker and SMS say so); a late
 * ticket is not: it was told its draw when bought. Writing again what is written already changes nothing,
 * so two finishers racing both succeed.
 */
export async function carryEntries(
  assignmentId: string,
  from: number,
  entries: ReadonlyArray<WindowEntry & { seq: number; toSeq?: number }>,
  at: string,
  markCarried = true,
): Promise<void> {
  const to = from + 1;
  const moved = entries.map((entry) => ({ ...entry, seq: entry.toSeq ?? entry.seq }));
  await commitAll([
    // their seq items in the next window, as runs (the same runs however often the chunk is carried)
    ...windowRunPuts(assignmentId, to, moved, { once: false }),
    ...entries.map((entry) => ({
      Update: {
        TableName: tableName(),
        Key: keys.entry(entry.entryId),
        UpdateExpression: `SET windowNo = :to, seq = :toSeq${markCarried ? ', carriedAt = if_not_exists(carriedAt, :at)' : ''}`,
        // the paid entry holding this seq of the closed window (or already carried by a racing finisher)
        ConditionExpression:
          '#status = :paid AND ((windowNo = :from AND seq = :seq) OR (windowNo = :to AND seq = :toSeq))',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':to': to,
          ':from': from,
          ':seq': entry.seq,
          ':toSeq': entry.toSeq ?? entry.seq,
          ':paid': 'paid',
          ...(markCarried ? { ':at': at } : {}),
        },
      },
    })),
  ]);
}

/** The entries window `windowNo` left moving are all moved: windows may close again. False if it was marked done already. */
export async function markClearDone(assignmentId: string, windowNo: number): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.assignment(assignmentId),
        UpdateExpression: 'REMOVE clearPending',
        ConditionExpression: 'clearPending.windowNo = :window',
        ExpressionAttributeValues: { ':window': windowNo },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** A refund's writes: the entry, its refund payout, its shares taken back, its negative stake line, the refund counters. */
export interface EntryRefund {
  entryId: string;
  /** The cleared window the entry is in. */
  windowNo: number;
  payout: Payout;
  /** One per share the entry credited: its balance debited by what it still holds (houseBoreCents: the rest). */
  reversals: BalanceChange[];
  ledgerLine: GameLedgerLine;
}

/**
 * Refund one entry in ONE transaction (DESIGN section 4 "Clear draw"; every balance change with its ledger
 * line): the entry marked refunded, the payout that sends its stake back, the shares reversed (a debit
 * never takes a balance below zero), the negative stake line. `done`: it was refunded already (a retried
 * or racing clear); `moved`: a balance changed since it was read (read again); `busy`: a conflicting write.
 */
export async function commitRefund(refund: EntryRefund, now: Date): Promise<'refunded' | 'done' | 'moved' | 'busy'> {
  const at = now.toISOString();
  const refunded = {
    Update: {
      TableName: tableName(),
      Key: keys.entry(refund.entryId),
      UpdateExpression: 'SET refundedAt = :at, refundPayoutId = :payout',
      // refunded once: the paid entry of the cleared window, not refunded before
      ConditionExpression: '#status = :paid AND windowNo = :window AND attribute_not_exists(refundedAt)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':at': at,
        ':payout': refund.payout.id,
        ':paid': 'paid',
        ':window': refund.windowNo,
      },
    },
  };
  const outcome = await commitLabelled([
    // the entry, its payout or its line exist already: refunded by another run
    ...[refunded, newPayoutPut(refund.payout), gameLedgerPut(refund.ledgerLine)].map((item) => [item, 'done'] as const),
    // a balance changed since it was read
    ...[
      ...balanceChanges(refund.reversals, now),
      // the ledger line's sum kept for the overview (a negative stake line: its value is the refund's, negated)
      ...refundCounterWrites(-refund.ledgerLine.valueLrdCents, now),
    ].map((item) => [item, 'moved'] as const),
  ]);
  if (outcome.committed) return 'refunded';
  if (outcome.busy) return 'busy';
  return outcome.failed.includes('done') ? 'done' : 'moved';
}
