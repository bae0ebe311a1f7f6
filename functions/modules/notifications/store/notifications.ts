import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { NotificationType } from '@shared/notifications';
import {
  batchGetAll,
  commitIfConditionsHold,
  db,
  isConditionFailure,
  queryPages,
  tableName,
} from '../../../platform/dynamo';
import { epochSeconds, keys } from '../../../platform/store/keys';

/**
 * Admin notifications (the contract in keys.ts): one item per
 * event, shared by every admin, listed newest first in the NOTIFICATIONS
 * index; each admin's own read state beside it (a `readUpTo` time and one
 * item per dismissed notification). Everything expires after 30 days, so
 * what an admin's state can grow to is bounded by what exists.
 */
export type NotificationKind = 'winner' | 'payout-failed' | 'payment-pending';
type NotificationSourceKind = 'draw' | 'payout' | 'entry';

export interface Notification {
  /** `<kind>-<sourceId>`: the event names its notification, so replays make no second one. */
  id: string;
  kind: NotificationKind;
  type: NotificationType;
  title: string;
  message: string;
  sourceKind: NotificationSourceKind;
  /** The draw, payout or entry it is about. */
  sourceId: string;
  createdAt: string;
}

export type NewNotification = Omit<Notification, 'id' | 'createdAt'>;

/** How long a notification (and an admin's state about it) is kept. */
const NOTIFICATION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Notifications read per page while looking for the newest ones an admin has not dismissed. */
const PAGE = 25;

export const notificationIdOf = (kind: NotificationKind, sourceId: string): string => `${kind}-${sourceId}`;

const expiryOf = (now: Date) => epochSeconds(new Date(now.getTime() + NOTIFICATION_TTL_MS));

/** Write a notification once per event: false when that event's notification already exists. */
export async function recordNotification(input: NewNotification, now: Date): Promise<boolean> {
  const notification: Notification = {
    ...input,
    id: notificationIdOf(input.kind, input.sourceId),
    createdAt: now.toISOString(),
  };
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.notification(notification.id),
          entity: 'notification',
          ...notification,
          gsi1pk: keys.notificationsIndex,
          gsi1sk: `${notification.createdAt}#${notification.id}`,
          expiresAt: expiryOf(now),
        },
        // one notification per event, however often the stream or the job replays it
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function getNotification(id: string): Promise<Notification | undefined> {
  const result = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.notification(id), ConsistentRead: true }),
  );
  return result.Item ? toNotification(result.Item) : undefined;
}

/** Which of these notification ids exist already (a job skips their events without re-reading them). */
export async function existingNotificationIds(ids: string[]): Promise<Set<string>> {
  const found = await batchGetAll(
    ids.map((id) => keys.notification(id)),
    { consistent: true, projection: 'id' },
  );
  return new Set([...found.values()].map((item) => item.id as string));
}

/**
 * What one admin's dropdown shows: the newest `limit` live notifications it
 * has not dismissed (newest first), and when it last marked all as read.
 * Reads a page of the index and that page's dismissals at a time.
 */
export async function notificationsShownTo(
  adminId: string,
  limit: number,
  now: Date,
): Promise<{ notifications: Notification[]; readUpTo: string | undefined }> {
  const readState = db().send(
    new GetCommand({ TableName: tableName(), Key: keys.notificationsRead(adminId), ConsistentRead: true }),
  );
  const shown: Notification[] = [];
  const pages = queryPages({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    // TTL deletes lag behind expiry: an expired one is gone already
    FilterExpression: 'expiresAt > :now',
    ExpressionAttributeValues: { ':pk': keys.notificationsIndex, ':now': epochSeconds(now) },
    ScanIndexForward: false,
    Limit: PAGE,
  });
  for await (const page of pages) {
    const notifications = page.map(toNotification);
    const dismissed = await dismissedAmong(
      adminId,
      notifications.map((n) => n.id),
    );
    for (const notification of notifications) {
      if (shown.length < limit && !dismissed.has(notification.id)) shown.push(notification);
    }
    if (shown.length >= limit) break;
  }
  const state = await readState;
  return { notifications: shown, readUpTo: state.Item?.readUpTo as string | undefined };
}

/** 'Mark all as read' (spec section 4): everything made until `now` reads as read for this admin. Never moves back. */
export async function markNotificationsRead(adminId: string, now: Date): Promise<void> {
  const at = now.toISOString();
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.notificationsRead(adminId),
        // past 30 days every notification it covered is gone, so the state may go with them
        UpdateExpression: 'SET entity = :entity, adminId = :admin, readUpTo = :at, expiresAt = :expires',
        // a slower, earlier request must not unread what a later one marked
        ConditionExpression: 'attribute_not_exists(readUpTo) OR readUpTo < :at',
        ExpressionAttributeValues: {
          ':entity': 'notificationsRead',
          ':admin': adminId,
          ':at': at,
          ':expires': expiryOf(now),
        },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error; // already marked read at a later time
  }
}

/** Dismiss one notification for this admin only; false when there is no such (live) notification. */
export async function dismissNotification(adminId: string, notificationId: string, now: Date): Promise<boolean> {
  return commitIfConditionsHold([
    {
      ConditionCheck: {
        TableName: tableName(),
        Key: keys.notification(notificationId),
        // only a notification that exists (and has not expired) can be dismissed
        ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
        ExpressionAttributeValues: { ':now': epochSeconds(now) },
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.notificationDismissed(adminId, notificationId),
          entity: 'notificationDismissed',
          adminId,
          notificationId,
          dismissedAt: now.toISOString(),
          // outlives the notification (made at most 30 days before now), then goes too
          expiresAt: expiryOf(now),
        },
      },
    },
  ]);
}

async function dismissedAmong(adminId: string, notificationIds: string[]): Promise<Set<string>> {
  const found = await batchGetAll(
    notificationIds.map((id) => keys.notificationDismissed(adminId, id)),
    { consistent: true, projection: 'notificationId' },
  );
  return new Set([...found.values()].map((item) => item.notificationId as string));
}

function toNotification(item: Record<string, unknown>): Notification {
  return {
    id: item.id as string,
    kind: item.kind as NotificationKind,
    type: item.type as NotificationType,
    title: item.title as string,
    message: item.message as string,
    sourceKind: item.sourceKind as NotificationSourceKind,
    sourceId: item.sourceId as string,
    createdAt: item.createdAt as string,
  };
}
