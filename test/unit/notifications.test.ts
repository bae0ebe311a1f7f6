import { describe, expect, it } from 'vitest';
import { adminNotifications, NOTIFICATION_ID_PATTERN } from '@shared/api/schemas/notifications';
import { messages } from '@shared/messages';
import { JOB_NAMES, schedules } from '@shared/schedules';
import { topicNames, TOPIC_PATTERN } from '@shared/topics';
import { jobs } from '../../functions/lambdas/jobs-registry';
import { notificationFeed } from '../../functions/modules/notifications/admin-feed';
import {
  notificationOfChange,
  STUCK_PAYMENT_AFTER_MS,
  stuckPaymentNotification,
} from '../../functions/modules/notifications/event-notifications';
import type { ItemChange } from '../../functions/platform/item-change';
import { subscribedTopicsGroup } from '../../functions/modules/live/topic-groups';
import { resolveTopic } from '../../functions/modules/live/topics';
import { adminNotificationsTopic } from '../../functions/modules/live/topics/admin-notifications';
import { notificationIdOf, type Notification } from '../../functions/modules/notifications/store/notifications';
import type { StaffUser } from '../../functions/modules/staff/store/users';

/** Admin notifications: which events make one, what it says, and how an admin's read state shows. Pure. */
const change = (newImage?: Record<string, unknown>, oldImage?: Record<string, unknown>): ItemChange => ({
  pk: String((newImage ?? oldImage)?.pk),
  sk: String((newImage ?? oldImage)?.sk),
  newImage,
  oldImage,
});

const drawItem = {
  pk: 'DRAW#a1-w3',
  sk: 'DRAW',
  entity: 'draw',
  id: 'a1-w3',
  promotionTitle: 'Kiss FM Friday',
  winnerEntryId: 'e1',
  winnerMsisdn: '231886123456',
  prizeLrdCents: 500_000,
  payoutStatus: 'pending',
};
const payoutItem = {
  pk: 'PAYOUT#p1',
  sk: 'PAYOUT',
  entity: 'payout',
  id: 'p1',
  kind: 'partner',
  amountCents: 80_000,
  currency: 'LRD',
  msisdn: '231886000101',
  promotionTitle: 'Unknown Payee',
  status: 'pending',
};

describe('which events notify the admins', () => {
  it('a draw written with its winner is one success, naming the promotion, the masked number and the prize', () => {
    expect(notificationOfChange(change(drawItem))).toEqual({
      kind: 'winner',
      type: 'success',
      title: messages.notification.winnerTitle,
      message: 'Winner selected for Kiss FM Friday: 2318******56 wins L$ 5,000.00',
      sourceKind: 'draw',
      sourceId: 'a1-w3',
    });
    expect(notificationIdOf('winner', 'a1-w3')).toBe('winner-a1-w3');
  });

  it('a cleared draw (no winner) and the later payout moves of a winning draw notify nobody', () => {
    const { winnerEntryId: _w, winnerMsisdn: _m, prizeLrdCents: _p, payoutStatus: _s, ...cleared } = drawItem;
    expect(notificationOfChange(change({ ...cleared, kind: 'cleared' }))).toBeUndefined();
    expect(notificationOfChange(change({ ...drawItem, payoutStatus: 'failed' }, drawItem))).toBeUndefined();
    expect(notificationOfChange(change(undefined, drawItem))).toBeUndefined();
  });

  it('a payout moving to failed is one error with its reason; other payout moves are none', () => {
    const failed = { ...payoutItem, status: 'failed', reason: 'PAYEE_NOT_FOUND' };
    expect(notificationOfChange(change(failed, payoutItem))).toMatchObject({
      kind: 'payout-failed',
      type: 'error',
      title: messages.notification.payoutFailedTitle,
      message: 'Partner payout of L$ 800.00 to 2318******01 for Unknown Payee failed: PAYEE_NOT_FOUND',
      sourceKind: 'payout',
      sourceId: 'p1',
    });
    expect(notificationOfChange(change({ ...payoutItem, status: 'paid' }, payoutItem))).toBeUndefined();
    expect(notificationOfChange(change(payoutItem))).toBeUndefined();
    expect(notificationOfChange(change({ ...failed, seen: true }, failed))).toBeUndefined();
  });

  it('a payment pending over five minutes is one warning', () => {
    expect(STUCK_PAYMENT_AFTER_MS).toBe(5 * 60_000);
    expect(stuckPaymentNotification({ id: 'e9', currency: 'USD', amountCents: 50, msisdn: '231770000105' })).toEqual({
      kind: 'payment-pending',
      type: 'warning',
      title: messages.notification.paymentPendingTitle,
      message: 'Payment of US$ 0.50 from 2317******05 has been pending for over 5 minutes',
      sourceKind: 'entry',
      sourceId: 'e9',
    });
  });

  it('other items notify nobody', () => {
    expect(
      notificationOfChange(
        change(
          { pk: 'ENTRY#e1', sk: 'ENTRY', entity: 'entry', status: 'failed' },
          { entity: 'entry', status: 'pending' },
        ),
      ),
    ).toBeUndefined();
  });

  it('issues ids the dismiss route accepts', () => {
    for (const id of [
      notificationIdOf('winner', 'a1b2c3d4-0000-4000-8000-000000000000-w12'),
      notificationIdOf('payment-pending', 'a1b2c3d4-0000-4000-8000-000000000000'),
    ]) {
      expect(NOTIFICATION_ID_PATTERN.test(id)).toBe(true);
    }
  });
});

describe('an admin’s dropdown', () => {
  const notification = (id: string, createdAt: string): Notification => ({
    id,
    kind: 'winner',
    type: 'success',
    title: 't',
    message: 'm',
    sourceKind: 'draw',
    sourceId: id,
    createdAt,
  });
  const newestFirst = [
    notification('n3', '2027-01-02T10:00:03.000Z'),
    notification('n2', '2027-01-02T10:00:02.000Z'),
    notification('n1', '2027-01-02T10:00:01.000Z'),
  ];

  it('shows everything unread until the admin marks all as read', () => {
    const feed = notificationFeed(newestFirst, undefined);
    expect(feed.Unread).toBe(3);
    expect(feed.Notifications.map((n) => [n.ID, n.Read])).toEqual([
      ['n3', false],
      ['n2', false],
      ['n1', false],
    ]);
    expect(adminNotifications.parse(feed)).toEqual(feed);
  });

  it('reads what was made until the mark, and not what came after', () => {
    const feed = notificationFeed(newestFirst, '2027-01-02T10:00:02.000Z');
    expect(feed.Notifications.map((n) => [n.ID, n.Read])).toEqual([
      ['n3', false],
      ['n2', true],
      ['n1', true],
    ]);
    expect(feed.Unread).toBe(1);
    expect(feed.Notifications[0]).toEqual({
      ID: 'n3',
      Type: 'success',
      Title: 't',
      Message: 'm',
      CreatedAt: '2027-01-02T10:00:03.000Z',
      Read: false,
    });
  });
});

describe('topic admin/{id}/notifications', () => {
  const user = (id: string, role: StaffUser['role'], superAdmin = false) => ({ id, role, superAdmin }) as StaffUser;

  it('is a valid topic name served by its definition', () => {
    const topic = topicNames.adminNotifications('a1b2c3d4-0000-4000-8000-000000000000');
    expect(TOPIC_PATTERN.test(topic)).toBe(true);
    expect(resolveTopic(topic)).toEqual({
      definition: adminNotificationsTopic,
      params: { id: 'a1b2c3d4-0000-4000-8000-000000000000' },
    });
  });

  it('is readable by that admin only, plain or super', () => {
    expect(adminNotificationsTopic.canRead(user('a1', 'admin'), { id: 'a1' })).toBe(true);
    expect(adminNotificationsTopic.canRead(user('a1', 'admin', true), { id: 'a1' })).toBe(true);
    expect(adminNotificationsTopic.canRead(user('a2', 'admin', true), { id: 'a1' })).toBe(false);
    expect(adminNotificationsTopic.canRead(user('a1', 'partner'), { id: 'a1' })).toBe(false);
    expect(adminNotificationsTopic.canRead(user('a1', 'announcer'), { id: 'a1' })).toBe(false);
  });

  it('a notification refreshes every subscribed admin; an admin’s read state only its own', () => {
    const all = [subscribedTopicsGroup(adminNotificationsTopic.pattern)];
    expect(
      adminNotificationsTopic.affectedBy(change({ pk: 'NOTIFICATION#n1', sk: 'NOTIFICATION', entity: 'notification' })),
    ).toEqual(all);
    expect(
      adminNotificationsTopic.affectedBy(
        change(undefined, { pk: 'NOTIFICATION#n1', sk: 'NOTIFICATION', entity: 'notification' }),
      ),
    ).toEqual(all);
    expect(
      adminNotificationsTopic.affectedBy(
        change({ pk: 'ADMINNOTIFS#a1', sk: 'READ', entity: 'notificationsRead', adminId: 'a1' }),
      ),
    ).toEqual([topicNames.adminNotifications('a1')]);
    expect(
      adminNotificationsTopic.affectedBy(
        change({ pk: 'ADMINNOTIFS#a2', sk: 'DISMISSED#n1', entity: 'notificationDismissed', adminId: 'a2' }),
      ),
    ).toEqual([topicNames.adminNotifications('a2')]);
    expect(adminNotificationsTopic.affectedBy(change(drawItem))).toEqual([]);
  });
});

describe('the stuck-payments job', () => {
  it('is scheduled every minute and registered', () => {
    expect(JOB_NAMES).toContain('notify-stuck-payments');
    expect(schedules.find((s) => s.job === 'notify-stuck-payments')?.expression).toBe('rate(1 minute)');
    expect(typeof jobs['notify-stuck-payments']).toBe('function');
  });
});
