import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, queryAll, tableName } from '../../../platform/dynamo';
import { epochSeconds, keys } from '../../../platform/store/keys';
import { connectionExpiresAt, getConnection, type HeldConnection, type Subscriber } from './connections';

/**
 * Topics one socket may hold at once. A staff tab holds a handful (a screen's
 * lists and the notifications) and no user may read more than about ten;
 * the cap only bounds what a hostile client can make the fan-out carry.
 */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 20;

export type SubscribeOutcome = 'added' | 'already' | 'full' | 'gone';

/** A connection to subscribe: as getConnection read it (with the topics it held then), or as saved. */
type SubscribingConnection = Omit<HeldConnection, 'topics'> & { topics?: readonly string[] };

/**
 * Subscribe a connection (as read by getConnection, with the topics it held)
 * to a topic. A subscription is listed under its topic's pattern (GSI2:
 * `partner/:id/dashboard` holds every partner's dashboard subscriptions), so
 * the fan-out learns who watches any instance of a pattern — or that nobody
 * does — with one query per pattern and batch (modules/live/audiences.ts),
 * however many instances a batch touches (an entry's page keeps no
 * subscription: its entry keeps its watchers, ../topics/entry.ts).
 *
 * One write (every player's entry page subscribes once: DESIGN section 10),
 * the subscription put only if new — a topic held already is `already`: its
 * snapshot was sent once, repeats cost no rebuild. The cap is counted, not
 * kept as a counter to write: the topics read with the connection answer a
 * repeat or a full socket for no write, and after the put one strongly
 * consistent read of the connection's partition checks that its record is
 * still there (else `gone`: closed or ended meanwhile) and that it holds at
 * most MAX_SUBSCRIPTIONS_PER_CONNECTION — else this subscription is taken
 * back and the answer is `full`. Subscribes racing on one socket past the
 * cap may all be taken back, but never more than the cap kept: the last put
 * of those kept read every other one (until then a push may reach the one
 * taken back: a flood's own socket only). A close racing past that read can
 * leave a subscription without its connection: a push finds the socket gone
 * and deletes both (../publisher.ts), and its TTL (its connection's) ends it
 * anyway.
 */
export async function addSubscription(
  connection: SubscribingConnection,
  topic: string,
  pattern: string,
): Promise<SubscribeOutcome> {
  const { connectionId, sessionKey, connectedAt } = connection;
  const held = connection.topics ?? [];
  if (held.includes(topic)) return 'already';
  if (held.length >= MAX_SUBSCRIPTIONS_PER_CONNECTION) return 'full';
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
          gsi2pk: keys.patternSubscribers(pattern),
          gsi2sk: `${topic}#${connectionId}`,
          expiresAt: connectionExpiresAt(connectedAt),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) return 'already';
    throw error;
  }
  const after = await getConnection(connectionId);
  if (after && after.topics.length <= MAX_SUBSCRIPTIONS_PER_CONNECTION) return 'added';
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.subscription(connectionId, topic) }));
  return after ? 'full' : 'gone';
}

/** Unsubscribe (a topic the connection does not hold is a no-op): one delete, as nothing counts what it holds. */
export async function removeSubscription(connectionId: string, topic: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.subscription(connectionId, topic) }));
}

/**
 * Who watches the topics of a pattern at `now`: subscribers by concrete
 * topic (one GSI2 query; never a scan). A subscription past its TTL is not
 * read: its socket is closed (an anonymous one's records are left to the
 * TTL: ./connections.ts deleteStaffConnection), and DynamoDB may take days
 * to delete it.
 */
export async function subscriptionsOf(pattern: string, now: Date): Promise<Map<string, Subscriber[]>> {
  return groupByTopic(await listed(keys.patternSubscribers(pattern), undefined, now));
}

/** Connection ids subscribed to one topic of `pattern` at `now` (expired ones skipped). */
export async function subscribersOf(topic: string, pattern: string, now: Date): Promise<string[]> {
  const items = await listed(keys.patternSubscribers(pattern), topic, now);
  return (groupByTopic(items).get(topic) ?? []).map((subscriber) => subscriber.connectionId);
}

/** The subscriptions listed under `listing` (those of `topic` only, if given) whose TTL has not passed. */
function listed(listing: string, topic: string | undefined, now: Date): Promise<Array<Record<string, unknown>>> {
  return queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: topic ? 'gsi2pk = :listed AND begins_with(gsi2sk, :topic)' : 'gsi2pk = :listed',
    FilterExpression: 'expiresAt > :now',
    ExpressionAttributeValues: {
      ':listed': listing,
      ':now': epochSeconds(now),
      ...(topic ? { ':topic': `${topic}#` } : {}),
    },
    ProjectionExpression: 'topic, connectionId, sessionKey',
  });
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
