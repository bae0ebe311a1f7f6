import type { DynamoDBRecord } from 'aws-lambda';
import { logger } from '../../platform/logger';
import { connectionsOfUser, type Subscriber } from './store/connections';
import { liveSessionUsers } from '../staff';
import type { StaffUser } from '../staff';
import { closeConnection } from './publisher';

/**
 * DESIGN section 7: "Ending a session (logout, password change, disabling a
 * user) ends its live streams at once." Two guards, so that no path that
 * ends a session can leave a socket receiving data:
 *
 * - every deleted session record — logout, a password or email change, a
 *   deleted user, an expired session cleared, its TTL — reaches the stream
 *   fan-out, which closes that session's sockets (`closeSessionStreams`). The
 *   close rides the stream so that it covers every such path at once, and
 *   only the functions that already hold the @connections permission close
 *   sockets;
 * - the fan-out posts only to subscribers whose session is live, read in one
 *   batch per fan-out batch (`liveConnections`), and closes the others: a
 *   change that lands before the close, or a socket whose close failed,
 *   is never sent.
 *
 * A change of a user's credential version (a reset, disable or demotion)
 * also reaches the fan-out as the user item's change: every socket of that
 * user whose session no longer holds is closed (`closeOutdatedStreams`),
 * which covers a session a racing sign-in made after the sessions were
 * deleted.
 */

/** A session whose record a stream batch deleted. */
export interface EndedSession {
  sessionKey: string;
  userId: string;
}

/** The session a stream record ended, if it is the removal of a session record. */
export function endedSessionOf(record: DynamoDBRecord): EndedSession | undefined {
  if (record.eventName !== 'REMOVE') return undefined;
  const old = record.dynamodb?.OldImage;
  if (old?.entity?.S !== 'session') return undefined;
  const sessionKey = old.sessionKey?.S;
  const userId = old.userId?.S;
  return sessionKey && userId ? { sessionKey, userId } : undefined;
}

/** Close every socket opened with an ended session; false if some could not be closed (the record is retried). */
export async function closeSessionStreams({ sessionKey, userId }: EndedSession): Promise<boolean> {
  try {
    const sockets = (await connectionsOfUser(userId)).filter((connection) => connection.sessionKey === sessionKey);
    const closed = await Promise.allSettled(sockets.map(({ connectionId }) => closeConnection(connectionId)));
    const errors = closed.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason)] : []));
    if (errors.length > 0) throw new Error(errors.join('; '));
    if (sockets.length > 0) logger.info('closed the sockets of an ended session', { userId, sockets: sockets.length });
    return true;
  } catch (error) {
    logger.error('sockets of an ended session not closed', { userId, error });
    return false;
  }
}

/** The user whose credential version a stream record raised, if it did. */
export function credentialChangeOf(record: DynamoDBRecord): string | undefined {
  if (record.eventName !== 'MODIFY') return undefined;
  const { OldImage: before, NewImage: after } = record.dynamodb ?? {};
  if (after?.entity?.S !== 'user') return undefined;
  const version = (image: typeof before) => image?.credentialVersion?.N ?? '0';
  return version(before) !== version(after) ? after.id?.S : undefined;
}

/** Close every socket of `userId` whose session no longer holds; false if that failed (the record is retried). */
export async function closeOutdatedStreams(userId: string, now: Date): Promise<boolean> {
  try {
    await liveConnections(await connectionsOfUser(userId), now);
    return true;
  } catch (error) {
    logger.error('sockets of an outdated session not closed', { userId, error });
    return false;
  }
}

/**
 * Of these subscribers, the connections whose session is live, with the user
 * each speaks for now (one batched read of their distinct sessions and
 * users). The others — session gone, expired or made from an older
 * credential version, or none recorded — are closed and never sent to.
 */
export async function liveConnections(subscribers: Iterable<Subscriber>, now: Date): Promise<Map<string, StaffUser>> {
  const all = [...subscribers];
  const live = await liveSessionUsers(
    all.flatMap(({ sessionKey }) => (sessionKey ? [sessionKey] : [])),
    now,
  );
  const kept = new Map<string, StaffUser>();
  const dropped = new Set<string>();
  for (const { connectionId, sessionKey } of all) {
    const user = sessionKey ? live.get(sessionKey) : undefined;
    if (user) kept.set(connectionId, user);
    else dropped.add(connectionId);
  }
  for (const connectionId of kept.keys()) dropped.delete(connectionId);
  if (dropped.size > 0) {
    const closed = await Promise.allSettled([...dropped].map((connectionId) => closeConnection(connectionId)));
    const failures = closed.filter((outcome) => outcome.status === 'rejected').length;
    logger.info('dropped subscribers whose session ended', { dropped: dropped.size, failures });
  }
  return kept;
}
