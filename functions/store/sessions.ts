import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@shared/roles';
import {
  SESSION_ABSOLUTE_MS,
  SESSION_TOUCH_INTERVAL_MS,
  newSessionId,
  sessionExpired,
  sessionKeyOf,
  type SessionTimes,
} from '../domain/session-policy';
import { batchGetAll, db, isConditionFailure, keyId, queryAll, tableName } from '../lib/dynamo';
import { epochSeconds, keys } from './keys';

/** A server-side staff session (DESIGN section 7). Stored under the hash of its id. */
export interface Session {
  sessionKey: string;
  userId: string;
  role: Role;
  createdAt: number;
  lastSeenAt: number;
  sourceIp: string;
}

/** Start a session for a user who has just proven their password; returns the cookie's id. */
export async function createSession(userId: string, role: Role, sourceIp: string, now: Date): Promise<string> {
  const sessionId = newSessionId();
  const sessionKey = sessionKeyOf(sessionId);
  const at = now.getTime();
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.session(sessionKey),
        gsi2pk: keys.userSessions(userId),
        gsi2sk: String(at),
        entity: 'session',
        sessionKey,
        userId,
        role,
        createdAt: at,
        lastSeenAt: at,
        sourceIp,
        expiresAt: epochSeconds(new Date(at + SESSION_ABSOLUTE_MS)),
      },
      // a fresh 256-bit id never collides; refuse rather than overwrite if it did
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return sessionId;
}

/** The live session for a cookie's id, or undefined (missing, expired — expired ones are deleted). */
export async function findSession(sessionId: string, now: Date): Promise<Session | undefined> {
  const sessionKey = sessionKeyOf(sessionId);
  return findSessionByKey(sessionKey, now);
}

export async function findSessionByKey(sessionKey: string, now: Date): Promise<Session | undefined> {
  const result = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.session(sessionKey), ConsistentRead: true }),
  );
  const item = result.Item as Session | undefined;
  if (!item) return undefined;
  const nowMs = now.getTime();
  if (sessionExpired(item, nowMs)) {
    await deleteSessionByKey(sessionKey);
    return undefined;
  }
  if (nowMs - item.lastSeenAt > SESSION_TOUCH_INTERVAL_MS) await touch(sessionKey, nowMs);
  return {
    sessionKey,
    userId: item.userId,
    role: item.role,
    createdAt: item.createdAt,
    lastSeenAt: nowMs,
    sourceIp: item.sourceIp,
  };
}

/**
 * Which of these sessions are still live (present and within the idle and
 * absolute limits), in batched consistent reads — a session ended a moment
 * ago reads as ended. Reads only: expired records are left to their TTL.
 */
export async function liveSessionKeys(sessionKeys: Iterable<string>, now: Date): Promise<Set<string>> {
  const wanted = [...new Set(sessionKeys)];
  const found = await batchGetAll(
    wanted.map((sessionKey) => keys.session(sessionKey)),
    { consistent: true, projection: 'createdAt, lastSeenAt' },
  );
  return new Set(
    wanted.filter((sessionKey) => {
      const item = found.get(keyId(keys.session(sessionKey))) as SessionTimes | undefined;
      return item !== undefined && !sessionExpired(item, now.getTime());
    }),
  );
}

async function touch(sessionKey: string, nowMs: number): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.session(sessionKey),
        UpdateExpression: 'SET lastSeenAt = :now',
        // never resurrect a session deleted by a concurrent logout
        ConditionExpression: 'attribute_exists(pk) AND lastSeenAt < :now',
        ExpressionAttributeValues: { ':now': nowMs },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export async function deleteSessionByKey(sessionKey: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.session(sessionKey) }));
}

/** End every session of a user (deleted or re-keyed account). */
export async function deleteUserSessions(userId: string): Promise<void> {
  const sessions = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.userSessions(userId) },
    ProjectionExpression: 'sessionKey',
  });
  await Promise.all(sessions.map((item) => deleteSessionByKey(item.sessionKey as string)));
}
