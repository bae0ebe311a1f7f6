import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  batchGetAll,
  db,
  isConditionFailure,
  isTransactionConflict,
  keyId,
  tableName,
  type TransactItem,
} from '../../../platform/dynamo';
import { retryOnConflict } from '../../../platform/retry';
import { toAssignment, type Assignment } from '../../catalog';
import { epochSeconds, keys } from '../../../platform/store/keys';

/**
 * Who is settling an assignment's queue (modules/entries/settlement.ts): one holder at
 * a time, for a few seconds. It only spares the others from building the
 * same batch and losing the race for it; every guarantee (no double settle,
 * dense sequence numbers) comes from the settlement transaction's own
 * conditions, so an expired or doubly held lease costs time, never money.
 * Timed by the wall clock, not by the `now` settlement books entries at.
 *
 *   SETTLING#<assignmentId> / LEASE   {holder?, until, quiet}
 *
 * `quiet`: the last holder settled its own entry alone and found nobody
 * queued — the next caller may settle its own entry without reading the
 * queue, even without taking the lease (anyone who queued meanwhile takes
 * the lease in turn).
 */
export type LeaseTaken = { taken: false } | { taken: true; quiet: boolean };

export async function takeSettlementLease(assignmentId: string, holder: string, ms: number): Promise<LeaseTaken> {
  const at = Date.now();
  try {
    const result = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.settlementLease(assignmentId),
        UpdateExpression: 'SET entity = :entity, holder = :holder, #until = :until, expiresAt = :expires',
        // free, or its holder's time is up
        ConditionExpression: 'attribute_not_exists(holder) OR #until < :at',
        ExpressionAttributeNames: { '#until': 'until' },
        ExpressionAttributeValues: {
          ':entity': 'settlementLease',
          ':holder': holder,
          ':until': at + ms,
          ':at': at,
          // DynamoDB's TTL tidies leases of windows nobody settles any more
          ':expires': epochSeconds(new Date(at + 3_600_000)),
        },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return { taken: true, quiet: result.Attributes?.quiet === true };
  } catch (error) {
    // held; or (in AWS) its holder is giving it back in a transaction at this very moment: held still
    if (isConditionFailure(error) || isTransactionConflict(error)) return { taken: false };
    throw error;
  }
}

/** Give the lease back (only if still ours: an expired one may have passed on); others may have queued meanwhile. */
export async function releaseSettlementLease(assignmentId: string, holder: string): Promise<void> {
  // another writer on the lease item at that instant (AWS cancels rather than waits): try again shortly, else the
  // lease just runs out
  await retryOnConflict(
    async () => {
      try {
        await db().send(new UpdateCommand(settlementLeaseRelease(assignmentId, holder, { quiet: false }).Update!));
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },
    { attempts: 5, baseMs: 5, capMs: 40, thrownContended: isTransactionConflict },
  );
}

/** The release as a transaction item: a settler gives the lease back in its last batch's transaction. */
export function settlementLeaseRelease(assignmentId: string, holder: string, left: { quiet: boolean }): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.settlementLease(assignmentId),
      UpdateExpression: 'SET #until = :free, quiet = :quiet REMOVE holder',
      // only our own lease: an expired one may have passed on
      ConditionExpression: 'holder = :holder',
      ExpressionAttributeNames: { '#until': 'until' },
      ExpressionAttributeValues: { ':free': 0, ':quiet': left.quiet, ':holder': holder },
    },
  };
}

/** A lease item someone holds and whose time is not up. */
const isHeld = (lease: Record<string, unknown> | undefined): boolean =>
  lease?.holder !== undefined && (lease.until as number) >= Date.now();

/**
 * A first look that writes nothing, in one request: whether the lease is
 * held, whether the window is quiet, and the assignment as it is now.
 */
export async function leaseAndWindow(
  assignmentId: string,
): Promise<{ held: boolean; quiet: boolean; assignment?: Assignment }> {
  const leaseKey = keys.settlementLease(assignmentId);
  const assignmentKey = keys.assignment(assignmentId);
  const found = await batchGetAll([leaseKey, assignmentKey], { consistent: true });
  const lease = found.get(keyId(leaseKey));
  const assignment = found.get(keyId(assignmentKey));
  return {
    held: isHeld(lease),
    quiet: lease?.quiet === true,
    ...(assignment ? { assignment: toAssignment(assignment) } : {}),
  };
}

/**
 * Whether anyone holds the lease, by one eventually consistent look: a
 * waiting caller's rare check (modules/entries/settlement.ts) for a lease
 * that ran out or was given back when nobody was offered it. A stale answer
 * only delays: the take that follows is a conditional write.
 */
export async function settlementLeaseHeld(assignmentId: string): Promise<boolean> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.settlementLease(assignmentId) }));
  return isHeld(result.Item);
}

/**
 * A settler handing its window on (its turn ended with others queued):
 * each of these queued entries learns it may take the lease, from its own
 * item — waiting callers read only their own entry, never the lease, in a
 * loop (DESIGN section 10). Only a confirmed, still pending entry is
 * marked; one settled or gone meanwhile is skipped.
 */
export async function offerSettlerTurn(entryIds: readonly string[], at: Date): Promise<void> {
  await Promise.all(
    entryIds.map(async (id) => {
      try {
        await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.entry(id),
            UpdateExpression: 'SET settleTurnAt = :at',
            ConditionExpression: '#status = :pending AND attribute_exists(confirmedAt)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':at': at.toISOString(), ':pending': 'pending' },
          }),
        );
      } catch (error) {
        // settled meanwhile, or (in AWS) being settled by a transaction this instant: no turn to offer it
        if (!isConditionFailure(error) && !isTransactionConflict(error)) throw error;
      }
    }),
  );
}
