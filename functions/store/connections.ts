import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryAll, tableName } from '../lib/dynamo';
import { epochSeconds, keys } from './keys';

/** API Gateway closes a WebSocket after 2 hours; records outliving that are swept. */
export const CONNECTION_MAX_AGE_MS = 2 * 60 * 60 * 1000;
const CONNECTIONS_INDEX_PK = 'CONNECTIONS';

export interface Connection {
  connectionId: string;
  /** The staff session the socket was opened with, if any (anonymous sockets have none). */
  sessionKey?: string;
  connectedAt: number;
}

export async function saveConnection(connection: Connection): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.connection(connection.connectionId),
        entity: 'connection',
        ...connection,
        gsi1pk: CONNECTIONS_INDEX_PK,
        gsi1sk: `${String(connection.connectedAt).padStart(15, '0')}#${connection.connectionId}`,
        ...(connection.sessionKey
          ? { gsi2pk: keys.sessionConnections(connection.sessionKey), gsi2sk: connection.connectionId }
          : {}),
        expiresAt: epochSeconds(new Date(connection.connectedAt + CONNECTION_MAX_AGE_MS)),
      },
    }),
  );
}

export async function getConnection(connectionId: string): Promise<Connection | undefined> {
  const result = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.connection(connectionId), ConsistentRead: true }),
  );
  if (!result.Item) return undefined;
  return {
    connectionId,
    sessionKey: result.Item.sessionKey as string | undefined,
    connectedAt: result.Item.connectedAt as number,
  };
}

/**
 * Subscribe a connection to a topic. Every subscription is listed under its
 * topic's pattern (GSI2: `partner/:id/dashboard` holds every partner's
 * dashboard subscriptions), so the fan-out learns who watches any instance
 * of a pattern — or that nobody does — with one query per pattern and batch
 * (realtime/audiences.ts), however many instances a batch touches.
 */
export async function addSubscription(connectionId: string, topic: string, pattern: string, connectedAt: number): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.subscription(connectionId, topic),
        entity: 'subscription',
        connectionId,
        topic,
        gsi2pk: keys.patternSubscribers(pattern),
        gsi2sk: `${topic}#${connectionId}`,
        expiresAt: epochSeconds(new Date(connectedAt + CONNECTION_MAX_AGE_MS)),
      },
    }),
  );
}

export async function removeSubscription(connectionId: string, topic: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.subscription(connectionId, topic) }));
}

/** Who watches the topics of a pattern: connection ids by concrete topic, subscribed ones only (one GSI2 query; never a scan). */
export async function subscriptionsOf(pattern: string): Promise<Map<string, string[]>> {
  const items = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pattern',
    ExpressionAttributeValues: { ':pattern': keys.patternSubscribers(pattern) },
    ProjectionExpression: 'topic, connectionId',
  });
  return groupByTopic(items);
}

/** Connection ids subscribed to one topic (of `pattern`). */
export async function subscribersOf(topic: string, pattern: string): Promise<string[]> {
  const items = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pattern AND begins_with(gsi2sk, :topic)',
    ExpressionAttributeValues: { ':pattern': keys.patternSubscribers(pattern), ':topic': `${topic}#` },
    ProjectionExpression: 'topic, connectionId',
  });
  return groupByTopic(items).get(topic) ?? [];
}

function groupByTopic(items: ReadonlyArray<Record<string, unknown>>): Map<string, string[]> {
  const byTopic = new Map<string, string[]>();
  for (const item of items) {
    const topic = item.topic as string;
    const subscribers = byTopic.get(topic) ?? [];
    subscribers.push(item.connectionId as string);
    byTopic.set(topic, subscribers);
  }
  return byTopic;
}

export async function connectionsOfSession(sessionKey: string): Promise<string[]> {
  return queryIndex('gsi2', 'gsi2pk', keys.sessionConnections(sessionKey), 'connectionId');
}

/** Connections opened before `cutoffMs` (for the sweep job). */
export async function connectionsOpenedBefore(cutoffMs: number): Promise<string[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :cutoff',
    ExpressionAttributeValues: { ':pk': CONNECTIONS_INDEX_PK, ':cutoff': String(cutoffMs).padStart(15, '0') },
    ProjectionExpression: 'connectionId',
  });
  return items.map((item) => item.connectionId as string);
}

/** Delete a connection and all its subscriptions. */
export async function deleteConnection(connectionId: string): Promise<void> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.connection(connectionId).pk },
    ProjectionExpression: 'pk, sk',
  });
  for (let i = 0; i < items.length; i += 25) {
    let request: Record<string, Array<{ DeleteRequest: { Key: Record<string, unknown> } }>> | undefined = {
      [tableName()]: items.slice(i, i + 25).map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } })),
    };
    // BatchWrite may leave some deletes unprocessed under load: send those again
    while (request && Object.keys(request).length > 0) {
      const result = await db().send(new BatchWriteCommand({ RequestItems: request }));
      request = result.UnprocessedItems as typeof request;
    }
  }
}

async function queryIndex(index: string, keyName: string, value: string, attribute: string): Promise<string[]> {
  const items = await queryAll({
    IndexName: index,
    KeyConditionExpression: `${keyName} = :v`,
    ExpressionAttributeValues: { ':v': value },
    ProjectionExpression: attribute,
  });
  return items.map((item) => item[attribute] as string);
}
