import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Currency } from '../../shared/money';
import { db, isConditionFailure, queryAll, tableName } from '../lib/dynamo';
import { keys } from './keys';

/**
 * An entry (DESIGN section 4): created *pending* when payment is requested;
 * *paid* only when the provider confirms (settlement.ts), with its ticket
 * number and sequence number in its assignment's draw window; *failed* when
 * the payment is declined or expires. Its id is the payment's X-Reference-Id.
 */
export type EntryGame = 'daily' | 'jackpot' | 'partner';

export interface Entry {
  id: string;
  assignmentId: string;
  promotionId: string;
  partnerId: string;
  game: EntryGame;
  msisdn: string;
  currency: Currency;
  amountCents: number;
  /** LRD per USD × 1000 at the time of entry; the split uses it (stored on ledger lines). */
  rateMilli: number;
  channel: 'web' | 'ussd';
  status: 'pending' | 'paid' | 'failed';
  reason?: string;
  /** SHA-256 of the secret in this payment's callback URL. */
  callbackSecretHash: string;
  createdAt: string;
  paidAt?: string;
  failedAt?: string;
  ticketNumber?: string;
  windowNo?: number;
  seq?: number;
  smsSentAt?: string;
}

export async function putPendingEntry(entry: Entry): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.entry(entry.id),
        entity: 'entry',
        ...entry,
        // sparse index of payments awaiting the provider (reconciliation reads it)
        gsi1pk: keys.pendingPayments,
        gsi1sk: `${entry.createdAt}#${entry.id}`,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getEntry(id: string): Promise<Entry | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.entry(id), ConsistentRead: true }));
  return result.Item ? toEntry(result.Item) : undefined;
}

/** Pending → failed, once; a paid entry is never failed. Returns false if it was no longer pending. */
export async function failEntry(id: string, reason: string, now: Date): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entry(id),
        UpdateExpression: 'SET #status = :failed, reason = :reason, failedAt = :at REMOVE gsi1pk, gsi1sk',
        // only a pending payment can fail: a paid entry keeps its ticket
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':failed': 'failed', ':pending': 'pending', ':reason': reason, ':at': now.toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Entries still pending that were created before `cutoff` (GSI1 sparse index; never a scan). */
export async function pendingEntriesBefore(cutoff: Date, limit = 500): Promise<string[]> {
  return indexIds(keys.pendingPayments, 'gsi1', cutoff, limit);
}

/** Paid entries whose ticket SMS has not gone out, paid before `cutoff` (GSI2 sparse index). */
export async function unsentSmsBefore(cutoff: Date, limit = 500): Promise<string[]> {
  return indexIds(keys.unsentSms, 'gsi2', cutoff, limit);
}

async function indexIds(partition: string, index: 'gsi1' | 'gsi2', cutoff: Date, limit: number): Promise<string[]> {
  const items = await queryAll(
    {
      IndexName: index,
      KeyConditionExpression: `${index}pk = :pk AND ${index}sk < :cutoff`,
      ExpressionAttributeValues: { ':pk': partition, ':cutoff': cutoff.toISOString() },
      ProjectionExpression: 'id',
    },
    limit,
  );
  return items.map((item) => item.id as string);
}

export async function markSmsSent(id: string, now: Date): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.entry(id),
      UpdateExpression: 'SET smsSentAt = :at REMOVE gsi2pk, gsi2sk',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':at': now.toISOString() },
    }),
  );
}

/** The entry a ticket number belongs to. */
export async function entryIdOfTicket(ticketNumber: string): Promise<string | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.ticket(ticketNumber) }));
  return result.Item?.entryId as string | undefined;
}

export function toEntry(item: Record<string, unknown>): Entry {
  const { pk: _pk, sk: _sk, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, entity: _e, ...rest } = item;
  return rest as unknown as Entry;
}
