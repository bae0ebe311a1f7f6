import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchWriteAll } from '../../../platform/store/batch-write';
import { db, queryAll, tableName } from '../../../platform/dynamo';
import { epochSeconds, keys } from '../../../platform/store/keys';
import { queryShards } from '../../../platform/store/sharded-query';

/** API Gateway closes a WebSocket after 2 hours; records outliving that are swept or left to their TTL. */
export const CONNECTION_MAX_AGE_MS = 2 * 60 * 60 * 1000;

export interface Connection {
  connectionId: string;
  /** The staff session the socket was opened with, if any (anonymous sockets have none). */
  sessionKey?: string;
  /** The session's user: every socket of a user is listed under them, to end them with the user's sessions. */
  userId?: string;
  connectedAt: number;
}

/** A connection as stored now, with the topics it holds (a subscribe checks them before writing). */
export interface HeldConnection extends Connection {
  topics: string[];
}

/** A connection watching a topic, with the session it was opened with (the fan-out checks that session first). */
export interface Subscriber {
  connectionId: string;
  sessionKey?: string;
}

/**
 * When a socket's records expire (`expiresAt`, epoch seconds: the table's TTL):
 * when API Gateway has closed it. DynamoDB deletes an expired item days late
 * at worst, so every read of subscriptions skips the expired ones itself.
 */
export const connectionExpiresAt = (connectedAt: number): number =>
  epochSeconds(new Date(connectedAt + CONNECTION_MAX_AGE_MS));

/** The attributes of an anonymous socket's record (store/frame-budget.ts writes them with its first frame). */
export const anonymousConnectionFields = (connectionId: string, connectedAt: number) => ({
  entity: 'connection',
  connectionId,
  connectedAt,
  expiresAt: connectionExpiresAt(connectedAt),
});

/**
 * Record a staff socket at `$connect`: listed for the sweep (GSI1
 * `CONNECTIONS#<shard>`, by when it opened) and under its user (GSI2), so
 * that ending its session closes it. An anonymous socket — every player's
 * entry page (DESIGN section 10) — is written by no `$connect`: its first
 * frame's budget spend creates its record (store/frame-budget.ts), in no
 * index (each index entry would be rewritten by every frame's spend), and
 * `$disconnect` leaves it to its TTL (`deleteStaffConnection`). Saving one
 * here (`sessionKey` absent) stores that same record.
 */
export async function saveConnection(connection: Connection): Promise<void> {
  const { sessionKey, userId } = connection;
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.connection(connection.connectionId),
        ...anonymousConnectionFields(connection.connectionId, connection.connectedAt),
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
      },
    }),
  );
}

/**
 * A connection's record and the topics it holds: one strongly consistent
 * query of its partition (its record and subscriptions together: one read
 * unit for a few items), or undefined when it has no record (closed, its
 * session ended, or an anonymous socket that has sent no frame).
 */
export async function getConnection(connectionId: string): Promise<HeldConnection | undefined> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.connection(connectionId).pk },
    ProjectionExpression: 'sk, sessionKey, userId, connectedAt, topic',
    ConsistentRead: true,
  });
  const record = items.find((item) => item.sk === keys.connection(connectionId).sk);
  if (!record) return undefined;
  return {
    connectionId,
    sessionKey: record.sessionKey as string | undefined,
    userId: record.userId as string | undefined,
    connectedAt: record.connectedAt as number,
    topics: items.flatMap((item) => (typeof item.topic === 'string' ? [item.topic] : [])),
  };
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

type StoredKey = { pk: string; sk: string };

/** The keys of a connection's record and subscriptions, with the record's session (one query of its partition). */
function connectionItems(connectionId: string): Promise<Array<StoredKey & { sessionKey?: unknown }>> {
  return queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.connection(connectionId).pk },
    ProjectionExpression: 'pk, sk, sessionKey',
  }) as Promise<Array<StoredKey & { sessionKey?: unknown }>>;
}

/** Delete a connection and all its subscriptions (a socket closed by the server, or found gone by a push). */
export async function deleteConnection(connectionId: string): Promise<void> {
  await deleteItems(await connectionItems(connectionId));
}

/**
 * A socket's `$disconnect`: a staff socket's records are deleted (it is
 * listed for the sweep and under its user, and ending its session reads that
 * listing); an anonymous socket's are left to their TTL, which deletes for
 * no write unit — each player's page would otherwise pay three (its record,
 * its subscription and the subscription's index entry, DESIGN section 10).
 * The query that finds what to delete tells which it was, for no read more.
 * Left behind, they harm nothing: every read of subscriptions skips an
 * expired one (./subscriptions.ts), and a push that reaches one not yet
 * expired finds the socket gone and deletes them then (../publisher.ts),
 * once. Records without their connection's (a subscribe racing a close) go.
 */
export async function deleteStaffConnection(connectionId: string): Promise<void> {
  const items = await connectionItems(connectionId);
  const record = items.find((item) => item.sk === keys.connection(connectionId).sk);
  if (record && record.sessionKey === undefined) return;
  await deleteItems(items);
}

async function deleteItems(items: readonly StoredKey[]): Promise<void> {
  await batchWriteAll(items.map((item) => ({ delete: { pk: item.pk, sk: item.sk } })));
}
