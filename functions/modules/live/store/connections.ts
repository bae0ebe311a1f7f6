import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { commitLabelled, db, isConditionFailure, queryAll, tableName } from '../../../platform/dynamo';
import { epochSeconds, keys } from '../../../platform/store/keys';
import { queryShards } from '../../../platform/store/sharded-query';

/** API Gateway closes a WebSocket after 2 hours; records outliving that are swept. */
export const CONNECTION_MAX_AGE_MS = 2 * 60 * 60 * 1000;
/**
 * Topics one socket may hold at once. A staff tab holds a handful (a screen's
 * lists and the notifications) and no user may read more than about ten;
 * the cap only bounds what a hostile client can make the fan-out carry.
 */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 20;

export interface Connection {
  connectionId: string;
  /** The staff session the socket was opened with, if any (anonymous sockets have none). */
  sessionKey?: string;
  /** The session's user: every socket of a user is listed under them, to end them with the user's sessions. */
  userId?: string;
  connectedAt: number;
}

/** A connection watching a topic, with the session it was opened with (the fan-out checks that session first). */
export interface Subscriber {
  connectionId: string;
  sessionKey?: string;
}

/**
 * Record a socket. One opened with a staff session is listed for the sweep
 * (GSI1 `CONNECTIONS#<shard>`, by when it opened) and under its user (GSI2);
 * an anonymous one — every player's entry page (DESIGN section 10) — is in
 * no index: each index entry would be rewritten by every write of the
 * record (its frame budget, its subscription count), and one whose
 * `$disconnect` never came is removed by its TTL (`expiresAt`, when API
 * Gateway has closed it) or by the first push that finds it gone
 * (./publisher.ts).
 */
export async function saveConnection(connection: Connection): Promise<void> {
  const { sessionKey, userId } = connection;
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.connection(connection.connectionId),
        entity: 'connection',
        ...connection,
        // a staff socket: listed for the sweep and under its user
        ...(sessionKey !== undefined && userId !== undefined
          ? {
              gsi1pk: keys.connections.of(connection.connectionId),
              gsi1sk: `${String(connection.connectedAt).padStart(15, '0')}#${connection.connectionId}`,
              gsi2pk: keys.userConnections(userId),
              gsi2sk: `${sessionKey}#${connection.connectionId}`,
            }
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
    userId: result.Item.userId as string | undefined,
    connectedAt: result.Item.connectedAt as number,
  };
}

export type SubscribeOutcome = 'added' | 'already' | 'full' | 'gone';

/**
 * Where a topic's subscriptions are listed (GSI2): under its pattern, or
 * under the topic alone — for topics with an instance per entry, where a
 * pattern key would take a write from every entry's page (a hot key).
 */
export type SubscriptionListing = 'pattern' | 'topic';

const listedUnder = (topic: string, pattern: string, listing: SubscriptionListing) =>
  listing === 'topic' ? keys.topicSubscribers(topic) : keys.patternSubscribers(pattern);

/**
 * Subscribe a connection to a topic. A subscription is listed under its
 * topic's pattern (GSI2: `partner/:id/dashboard` holds every partner's
 * dashboard subscriptions), so the fan-out learns who watches any instance
 * of a pattern — or that nobody does — with one query per pattern and batch
 * (modules/live/audiences.ts), however many instances a batch touches; or,
 * listed by `topic`, under that topic alone (`entry/:id`: one query per
 * changed entry, on that entry's own key).
 *
 * Two conditional writes, not a transaction (every player's entry page
 * subscribes once: DESIGN section 10): the subscription, put only if new (a
 * topic the connection already holds is `already`: its snapshot was sent
 * once; repeats cost no rebuild); then the connection's count, only if the
 * record exists and holds fewer than MAX_SUBSCRIPTIONS_PER_CONNECTION — else
 * the subscription is taken back and the answer is `full`, or `gone` for a
 * connection closed or ended meanwhile. A close racing between the two
 * writes can leave a subscription without its connection: its first push
 * finds the socket gone and deletes both (./publisher.ts), and its TTL ends
 * it anyway.
 */
export async function addSubscription(
  connection: Connection,
  topic: string,
  pattern: string,
  listing: SubscriptionListing = 'pattern',
): Promise<SubscribeOutcome> {
  const { connectionId, sessionKey, connectedAt } = connection;
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.subscription(connectionId, topic),
          entity: 'subscription',
          connectionId,
          topic,
          ...(sessionKey ? { sessionKey } : {}),
          gsi2pk: listedUnder(topic, pattern, listing),
          gsi2sk: `${topic}#${connectionId}`,
          expiresAt: epochSeconds(new Date(connectedAt + CONNECTION_MAX_AGE_MS)),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) return 'already';
    throw error;
  }
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.connection(connectionId),
        UpdateExpression: 'SET subscriptionCount = if_not_exists(subscriptionCount, :zero) + :one',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(subscriptionCount) OR subscriptionCount < :max)',
        ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':max': MAX_SUBSCRIPTIONS_PER_CONNECTION },
      }),
    );
    return 'added';
  } catch (error) {
    // not counted: the subscription goes back (a failure to count is thrown after it, as DynamoDB gave it)
    await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.subscription(connectionId, topic) }));
    if (!isConditionFailure(error)) throw error;
  }
  return (await getConnection(connectionId)) ? 'full' : 'gone';
}

/** Unsubscribe (a topic the connection does not hold is a no-op); the connection's count follows. */
export async function removeSubscription(connectionId: string, topic: string): Promise<void> {
  const outcome = await commitLabelled([
    [
      {
        Delete: {
          TableName: tableName(),
          Key: keys.subscription(connectionId, topic),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      'absent',
    ],
    [
      {
        Update: {
          TableName: tableName(),
          Key: keys.connection(connectionId),
          UpdateExpression: 'SET subscriptionCount = subscriptionCount - :one',
          ConditionExpression: 'attribute_exists(pk) AND subscriptionCount > :zero',
          ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
        },
      },
      'counted',
    ],
  ] as const);
  if (outcome.committed) return;
  if (outcome.busy) throw outcome.error;
  if (outcome.failed.includes('absent')) return;
  // the connection record is gone (or predates the count): drop the subscription alone
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.subscription(connectionId, topic) }));
}

/** Who watches the topics of a pattern: subscribers by concrete topic, subscribed ones only (one GSI2 query; never a scan). */
export async function subscriptionsOf(pattern: string): Promise<Map<string, Subscriber[]>> {
  const items = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pattern',
    ExpressionAttributeValues: { ':pattern': keys.patternSubscribers(pattern) },
    ProjectionExpression: 'topic, connectionId, sessionKey',
  });
  return groupByTopic(items);
}

/** Who watches one topic listed by `topic` (one GSI2 query on that topic's own key). */
export async function topicSubscriptions(topic: string): Promise<Map<string, Subscriber[]>> {
  const items = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :topic',
    ExpressionAttributeValues: { ':topic': keys.topicSubscribers(topic) },
    ProjectionExpression: 'topic, connectionId, sessionKey',
  });
  return groupByTopic(items);
}

/** Connection ids subscribed to one topic (of `pattern`, listed as `listing`). */
export async function subscribersOf(
  topic: string,
  pattern: string,
  listing: SubscriptionListing = 'pattern',
): Promise<string[]> {
  const items = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :listed AND begins_with(gsi2sk, :topic)',
    ExpressionAttributeValues: { ':listed': listedUnder(topic, pattern, listing), ':topic': `${topic}#` },
    ProjectionExpression: 'topic, connectionId',
  });
  return (groupByTopic(items).get(topic) ?? []).map((subscriber) => subscriber.connectionId);
}

function groupByTopic(items: ReadonlyArray<Record<string, unknown>>): Map<string, Subscriber[]> {
  const byTopic = new Map<string, Subscriber[]>();
  for (const item of items) {
    const topic = item.topic as string;
    const subscribers = byTopic.get(topic) ?? [];
    subscribers.push({ connectionId: item.connectionId as string, sessionKey: item.sessionKey as string | undefined });
    byTopic.set(topic, subscribers);
  }
  return byTopic;
}

/** Every open socket of a user, with the session each was opened with (one GSI2 query). */
export async function connectionsOfUser(userId: string): Promise<Array<Required<Subscriber>>> {
  const items = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.userConnections(userId) },
    ProjectionExpression: 'connectionId, sessionKey',
  });
  return items.map((item) => ({ connectionId: item.connectionId as string, sessionKey: item.sessionKey as string }));
}

/** Staff connections opened before `cutoffMs` (for the sweep job), every shard, oldest first. */
export async function connectionsOpenedBefore(cutoffMs: number): Promise<string[]> {
  const items = await queryShards(
    keys.connections,
    (partition) => ({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :cutoff',
      ExpressionAttributeValues: { ':pk': partition, ':cutoff': String(cutoffMs).padStart(15, '0') },
      ProjectionExpression: 'connectionId, gsi1sk',
    }),
    'gsi1sk',
  );
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
