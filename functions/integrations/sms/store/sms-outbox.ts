import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { db, queryPages, tableName } from '../../../platform/dynamo';
import { epochSeconds } from '../../../platform/store/keys';

/**
 * The local stack's SMS outbox (DESIGN section 2): messages the SMS sender
 * port would hand to Africa's Talking are stored here instead, newest first.
 */
export interface OutboxMessage {
  id: string;
  to: string;
  text: string;
  sentAt: string;
}

const OUTBOX_PK = 'SMSOUTBOX';
const KEEP_DAYS = 7;

export async function putOutboxMessage(to: string, text: string, now: Date): Promise<OutboxMessage> {
  const message: OutboxMessage = { id: randomUUID(), to, text, sentAt: now.toISOString() };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        pk: OUTBOX_PK,
        sk: `${message.sentAt}#${message.id}`,
        entity: 'sms',
        ...message,
        expiresAt: epochSeconds(new Date(now.getTime() + KEEP_DAYS * 86_400_000)),
      },
    }),
  );
  return message;
}

export async function listOutbox(limit = 100, to?: string): Promise<OutboxMessage[]> {
  const found: Array<Record<string, unknown>> = [];
  const pages = queryPages(
    {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': OUTBOX_PK, ...(to ? { ':to': to } : {}) },
      ...(to ? { FilterExpression: '#to = :to', ExpressionAttributeNames: { '#to': 'to' } } : {}),
      ScanIndexForward: false,
    },
    // one number's messages may lie past the first page: a filtered read takes whole (1 MB) pages until it has enough
    to ? undefined : () => limit - found.length,
  );
  for await (const page of pages) {
    found.push(...page);
    if (found.length >= limit) break;
  }
  return found.slice(0, limit).map((item) => ({
    id: item.id as string,
    to: item.to as string,
    text: item.text as string,
    sentAt: item.sentAt as string,
  }));
}
