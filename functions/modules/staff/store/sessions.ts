import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@shared/roles';
import {
  SESSION_ABSOLUTE_MS,
  SESSION_TOUCH_INTERVAL_MS,
  newSessionId,
  sessionExpired,
  sessionKeyOf,
  type SessionTimes,
} from '../session-policy';
import { credentialVersionOf, sessionHolds } from '../credentials';
import {
  batchGetAll,
  commitIfConditionsHold,
  db,
  isConditionFailure,
  keyId,
  queryAll,
  tableName,
  type TransactItem,
} from '../../../platform/dynamo';
import { epochSeconds, keys } from '../../../platform/store/keys';
import { getUserNow, toUser, type StaffUser } from './users';

/** A server-side staff session (DESIGN section 7). Stored under the hash of its id. */
export interface Session {
  sessionKey: string;
  userId: string;
  role: Role;
  createdAt: number;
  lastSeenAt: number;
  sourceIp: string;
  /** The user's credential version the session was made from (modules/staff/credentials.ts). */
  credentialVersion: number;
}

/**
 * Start a session for `user` as read before their password was checked;
 * returns the cookie's id, or undefined when the user's credentials changed
 * meanwhile (a reset, disable or demotion won the race: no session is made).
 */
export async function createSession(
  user: StaffUser,
  sourceIp: string,
  now: Date,
  /** Written with the session or not at all (a regulator's session start is audit-logged: DESIGN section 7). */
  alongside: readonly TransactItem[] = [],
): Promise<string | undefined> {
  const version = credentialVersionOf(user);
  const { sessionId, put } = newSessionWrite(user, version, sourceIp, now);
  const committed = await commitIfConditionsHold([
    put,
    ...alongside,
    {
      // the user is still as read when the password was checked (DESIGN section 7)
      ConditionCheck: {
        TableName: tableName(),
        Key: keys.user(user.id),
        ConditionExpression:
          version === 0
            ? 'attribute_exists(pk) AND attribute_not_exists(credentialVersion)'
            : 'credentialVersion = :version',
        ...(version === 0 ? {} : { ExpressionAttributeValues: { ':version': version } }),
      },
    },
  ]);
  return committed ? sessionId : undefined;
}

/** A new session of `user` at credential version `version`: its cookie's id, key, and the Put that stores it. */
export function newSessionWrite(
  user: Pick<StaffUser, 'id' | 'role'>,
  version: number,
  sourceIp: string,
  now: Date,
): { sessionId: string; sessionKey: string; put: TransactItem } {
  const sessionId = newSessionId();
  const sessionKey = sessionKeyOf(sessionId);
  const at = now.getTime();
  const put: TransactItem = {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.session(sessionKey),
        gsi2pk: keys.userSessions(user.id),
        gsi2sk: String(at),
        entity: 'session',
        sessionKey,
        userId: user.id,
        role: user.role,
        credentialVersion: version,
        createdAt: at,
        lastSeenAt: at,
        sourceIp,
        expiresAt: epochSeconds(new Date(at + SESSION_ABSOLUTE_MS)),
      },
      // a fresh 256-bit id never collides; refuse rather than overwrite if it did
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
  return { sessionId, sessionKey, put };
}

/**
 * The user a session speaks for, read consistently now: undefined when the
 * user is gone, disabled, or at another credential version than the session
 * was made from (DESIGN section 7: such a session is dead).
 */
export async function sessionUser(
  session: Pick<Session, 'userId' | 'credentialVersion'>,
): Promise<StaffUser | undefined> {
  const user = await getUserNow(session.userId);
  return sessionHolds(session.credentialVersion, user) ? user : undefined;
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
    credentialVersion: item.credentialVersion ?? 0,
  };
}

/**
 * Which of these sessions are still live — present, within the idle and
 * absolute limits, and made from their user's current credential version —
 * with the user each speaks for, in batched consistent reads (sessions, then
 * their users): a session ended or outdated a moment ago reads as dead.
 * Reads only: expired records are left to their TTL.
 */
export async function liveSessionUsers(sessionKeys: Iterable<string>, now: Date): Promise<Map<string, StaffUser>> {
  const wanted = [...new Set(sessionKeys)];
  const found = await batchGetAll(
    wanted.map((sessionKey) => keys.session(sessionKey)),
    { consistent: true, projection: 'createdAt, lastSeenAt, userId, credentialVersion' },
  );
  const sessions = wanted.flatMap((sessionKey) => {
    const item = found.get(keyId(keys.session(sessionKey))) as
      | (SessionTimes & Pick<Session, 'userId' | 'credentialVersion'>)
      | undefined;
    return item !== undefined && !sessionExpired(item, now.getTime()) ? [{ sessionKey, ...item }] : [];
  });
  const users = await batchGetAll(
    sessions.map(({ userId }) => keys.user(userId)),
    { consistent: true },
  );
  const live = new Map<string, StaffUser>();
  for (const { sessionKey, userId, credentialVersion } of sessions) {
    const item = users.get(keyId(keys.user(userId)));
    const user = item ? toUser(item) : undefined;
    if (sessionHolds(credentialVersion, user)) live.set(sessionKey, user);
  }
  return live;
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

/** End every session of a user (deleted or re-keyed account), but `keep` (the one that changed its own password). */
export async function deleteUserSessions(userId: string, keep?: string): Promise<void> {
  const sessions = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.userSessions(userId) },
    ProjectionExpression: 'sessionKey',
  });
  const ended = sessions.map((item) => item.sessionKey as string).filter((sessionKey) => sessionKey !== keep);
  await Promise.all(ended.map(deleteSessionByKey));
}
