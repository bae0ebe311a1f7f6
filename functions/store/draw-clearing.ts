import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from '../lib/dynamo';
import type { WindowEntry } from './draws';
import { keys } from './keys';

/**
 * The writes of a clear's second half (DESIGN section 4 "Clear draw"; functions/draws/clear-entries.ts):
 * carrying a cleared window's entries into the next window, and marking the clear done. Each is
 * idempotent, so a retried or concurrent clear finishes the same work once.
 */

/** Entries carried per transaction: two items each (its seq item in the next window, the entry). */
export const CARRY_BATCH = 50;

/**
 * Carry these entries of cleared window `from` into window `from + 1` at the same seqs (the next
 * window's count and Merkle frontier already hold them: store/draws.ts windowCloseUpdate). Writing
 * again what is written already changes nothing, so two finishers racing both succeed.
 */
export async function carryEntries(assignmentId: string, from: number, entries: ReadonlyArray<WindowEntry & { seq: number }>, at: string): Promise<void> {
  const to = from + 1;
  await db().send(
    new TransactWriteCommand({
      TransactItems: entries.flatMap((entry) => [
        {
          Put: {
            TableName: tableName(),
            Item: { ...keys.windowEntry(assignmentId, to, entry.seq), entity: 'windowEntry', entryId: entry.entryId, ticketNumber: entry.ticketNumber, msisdn: entry.msisdn },
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: keys.entry(entry.entryId),
            UpdateExpression: 'SET windowNo = :to, carriedAt = if_not_exists(carriedAt, :at)',
            // the paid entry holding this seq of the cleared window (or already carried by a racing finisher)
            ConditionExpression: '#status = :paid AND seq = :seq AND (windowNo = :from OR windowNo = :to)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':to': to, ':from': from, ':seq': entry.seq, ':paid': 'paid', ':at': at },
          },
        },
      ]),
    }),
  );
}

/** The clear of window `windowNo` is done: windows may close again. False if it was marked done already. */
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
