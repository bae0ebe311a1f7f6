import { randomInt, randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { NOTIFICATIONS_EVENT, type AdminNotifications, type NotificationRow } from '@shared/api/schemas/notifications';
import { messages } from '@shared/messages';
import { maskMobileNumber } from '@shared/phone';
import { topicNames, TOPIC_ERROR_EVENT, type ServerMessage } from '@shared/topics';
import { getNotification, notificationIdOf, notifyStuckPayments } from '../../functions/modules/notifications';
import { confirmPayout, getPayout } from '../../functions/modules/payouts';
import { handler as streamHandler } from '../../functions/lambdas/stream';
import type { StaffUser } from '../../functions/modules/staff';
import type { ApiClient } from '../support/api';
import {
  aBalance,
  aDrawRecord,
  aPartner,
  aPlainAdmin,
  aStaffUser,
  fixtureSuperAdmin,
  signedIn,
} from '../support/fixtures';
import { aPlayerNumber, aPromotionToDraw, enterHouseGame, paidEntriesByCode } from '../support/play';
import { backdateEntry } from '../support/stored-state';
import { TopicClient } from '../support/ws';
import { eventually } from '../support/eventually';
import { drawInsertEvent } from '../support/stored-state';
import { sharedStack } from '../support/stack-target';

/**
 * The admin header's notifications (spec section 4: "unread or
 * read; 'Mark all as read' marks all; dismiss removes one"), fed by real
 * events — new winners, failed payouts, payments stuck pending — live over
 * the topic admin/{id}/notifications, each admin with its own read state.
 */
type Feed = ServerMessage<AdminNotifications>;

let superAdmin: StaffUser;
let superClient: ApiClient;
const admins: Array<{ user: StaffUser; client: ApiClient }> = [];
const sockets: TopicClient[] = [];

beforeAll(async () => {
  ({ user: superAdmin, client: superClient } = await fixtureSuperAdmin());
  for (let i = 0; i < 2; i += 1) {
    const user = await aPlainAdmin();
    admins.push({ user, client: await signedIn(user) });
  }
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

/** An admin's socket on its own notifications topic, past its first snapshot. */
async function watching(admin: { user: StaffUser; client: ApiClient }): Promise<TopicClient> {
  const topic = topicNames.adminNotifications(admin.user.id);
  const socket = await TopicClient.connect(admin.client.sessionCookie);
  sockets.push(socket);
  socket.subscribe(topic);
  await socket.waitFor((m) => m.topic === topic && m.event === NOTIFICATIONS_EVENT);
  return socket;
}

const rowOf = (message: Feed, id: string): NotificationRow | undefined =>
  message.data.Notifications?.find((n) => n.ID === id);

/** The next snapshot (received from now on) that satisfies `predicate`. */
function nextFeed(socket: TopicClient, predicate: (message: Feed) => boolean, timeoutMs = 8000): Promise<Feed> {
  const from = socket.messages.length;
  return socket.waitFor<AdminNotifications>(
    (m) => socket.messages.indexOf(m) >= from && m.event === NOTIFICATIONS_EVENT && predicate(m),
    timeoutMs,
  );
}

/** A snapshot (already received or coming) that lists notification `id`. */
const showing = (socket: TopicClient, id: string) =>
  socket.waitFor<AdminNotifications>((m) => m.event === NOTIFICATIONS_EVENT && rowOf(m, id) !== undefined, 8000);

/**
 * A winner's notification, from a draw record written as a draw writes it
 * (kept out of the prize payout queue: no transfer is started for it);
 * returns the notification id.
 */
async function aWinnerNotification(): Promise<string> {
  const draw = await aDrawRecord({ payoutStatus: undefined });
  const id = notificationIdOf('winner', draw.id);
  await eventually(
    () => getNotification(id),
    (n) => n !== undefined,
  );
  return id;
}

describe('new winners', () => {
  it('a draw with a winner shows every subscribed admin exactly one success notification', async () => {
    const [a, b] = [await watching(admins[0]!), await watching(admins[1]!)];
    const partner = await aPartner();
    const promotion = await aPromotionToDraw(superClient, superAdmin.id, partner, {
      starting_threshold: 2,
      winner_amount: '1234.50',
    });
    await paidEntriesByCode(promotion.sharedCode, 2);
    const drawn = await superClient.call(
      routes.selectWinner,
      { id: superAdmin.id },
      { partner: partner.SearchString, shared_code: promotion.sharedCode },
    );
    expect(drawn.status, drawn.text).toBe(200);
    const winner = drawn.body.winner as { draw_id: string; mobile_number: string };
    const id = notificationIdOf('winner', winner.draw_id);

    const update = await showing(a, id);
    expect(update.data.Notifications.filter((n) => n.ID === id)).toEqual([
      {
        ID: id,
        Type: 'success',
        Title: messages.notification.winnerTitle,
        Message: messages.notification.winner(
          promotion.promotion.promotion_title,
          maskMobileNumber(winner.mobile_number),
          'L$ 1,234.50',
        ),
        CreatedAt: expect.any(String),
        Read: false,
      },
    ]);
    expect(update.data.Unread).toBe(update.data.Notifications.filter((n) => !n.Read).length);
    expect(rowOf(await showing(b, id), id)).toEqual(rowOf(update, id));
  });

  it('a replayed stream record of the draw makes no second notification', async () => {
    const draw = await aDrawRecord({ payoutStatus: undefined });
    const id = notificationIdOf('winner', draw.id);
    const first = await eventually(
      () => getNotification(id),
      (n) => n !== undefined,
    );

    const replay = await drawInsertEvent(draw.id);
    expect(await streamHandler(replay)).toEqual({ batchItemFailures: [] });
    expect(await getNotification(id)).toEqual(first);
  });
});

describe('failed payouts', () => {
  it('a payout the provider fails is an error notification', async () => {
    const socket = await watching(admins[0]!);
    const payee = `088${randomInt(10)}000101`; // the simulator fails transfers to it: PAYEE_NOT_FOUND
    const partner = await aPartner({ mobile_money_number: payee });
    const promotion = await aBalance(partner.ID, 'partner', 80_000, undefined, 'Notified Payee');
    const paid = await superClient.call(
      routes.payPartner,
      { id: superAdmin.id },
      {
        search_string: partner.SearchString,
        username: partner.Username,
        mobile_money_number: partner.MobileMoneyNumber,
        account_balance: { [promotion]: '800.00' },
      },
      { headers: { 'idempotency-key': randomUUID() } },
    );
    expect(paid.status, paid.text).toBe(200);
    const payoutId = paid.body.Payouts[0].ID as string;
    // the provider's callback or a status check fails it, whichever comes first
    await eventually(
      async () =>
        (await fetch(`${sharedStack().momoUrl}/__sim/disbursement/${payoutId}`)).json() as Promise<{ status: string }>,
      (held) => held.status === 'FAILED',
    );
    await confirmPayout(payoutId, new Date());
    expect((await getPayout(payoutId))!.status).toBe('failed');

    const id = notificationIdOf('payout-failed', payoutId);
    const update = await showing(socket, id);
    expect(rowOf(update, id)).toEqual({
      ID: id,
      Type: 'error',
      Title: messages.notification.payoutFailedTitle,
      Message: messages.notification.payoutFailed(
        'Partner',
        'L$ 800.00',
        maskMobileNumber(`231${payee.slice(1)}`),
        'Notified Payee',
        'PAYEE_NOT_FOUND',
      ),
      CreatedAt: expect.any(String),
      Read: false,
    });
  });
});

describe('payments stuck pending (job notify-stuck-payments)', () => {
  it('a payment pending over five minutes is one warning, however often the job runs', async () => {
    const socket = await watching(admins[0]!);
    const mobile = await aPlayerNumber('stuck');
    const stuck = await enterHouseGame('daily', mobile, '100.00|LRD');
    const recent = await enterHouseGame('daily', await aPlayerNumber('stuck'), '100.00|LRD');
    expect([stuck.status, recent.status]).toEqual([202, 202]);
    const entryId = stuck.body.entry_id as string;
    await backdateEntry(entryId, 6 * 60_000);
    await backdateEntry(recent.body.entry_id, 4 * 60_000);

    await notifyStuckPayments(new Date());
    await Promise.all([notifyStuckPayments(new Date()), notifyStuckPayments(new Date())]);

    const id = notificationIdOf('payment-pending', entryId);
    expect(await getNotification(id)).toMatchObject({ type: 'warning', sourceKind: 'entry', sourceId: entryId });
    expect(await getNotification(notificationIdOf('payment-pending', recent.body.entry_id))).toBeUndefined();
    const update = await showing(socket, id);
    expect(update.data.Notifications.filter((n) => n.ID === id)).toEqual([
      {
        ID: id,
        Type: 'warning',
        Title: messages.notification.paymentPendingTitle,
        Message: messages.notification.paymentPending('L$ 100.00', maskMobileNumber(mobile), 5),
        CreatedAt: expect.any(String),
        Read: false,
      },
    ]);
  });
});

describe('mark all as read', () => {
  it('reads every notification for that admin only', async () => {
    const [reader, other] = admins as [(typeof admins)[0], (typeof admins)[0]];
    const readerSocket = await watching(reader);
    const id = await aWinnerNotification();
    expect(rowOf(await showing(readerSocket, id), id)?.Read).toBe(false);

    const markedFrom = new Date().toISOString();
    const response = await reader.client.call(routes.markNotificationsRead, { id: reader.user.id });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ message: messages.notification.markedAllRead });

    const read = await nextFeed(readerSocket, (m) => rowOf(m, id)?.Read === true);
    // all made before the mark are read; the badge counts only what came since (nothing, unless another test's event did)
    expect(read.data.Notifications.filter((n) => !n.Read && n.CreatedAt < markedFrom)).toEqual([]);
    expect(read.data.Unread).toBe(read.data.Notifications.filter((n) => !n.Read).length);

    // the other admin's badge is untouched
    const otherFeed = await showing(await watching(other), id);
    expect(rowOf(otherFeed, id)?.Read).toBe(false);
    expect(otherFeed.data.Unread).toBeGreaterThanOrEqual(1);
  });
});

describe('dismiss', () => {
  it('removes one notification for that admin only', async () => {
    const [dismisser, other] = admins as [(typeof admins)[0], (typeof admins)[0]];
    const socket = await watching(dismisser);
    const [kept, dismissed] = [await aWinnerNotification(), await aWinnerNotification()];
    await socket.waitFor<AdminNotifications>(
      (m) => rowOf(m, kept) !== undefined && rowOf(m, dismissed) !== undefined,
      8000,
    );

    const route = routes.dismissNotification;
    const response = await dismisser.client.call(route, { id: dismisser.user.id, notificationId: dismissed });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ message: messages.notification.dismissed });
    const after = await nextFeed(socket, (m) => rowOf(m, dismissed) === undefined);
    expect(rowOf(after, kept)).toBeDefined();

    // the other admin still has it
    expect(rowOf(await showing(await watching(other), dismissed), dismissed)).toBeDefined();

    // again: still dismissed; unknown or malformed ids: 404 {error}
    expect((await dismisser.client.call(route, { id: dismisser.user.id, notificationId: dismissed })).status).toBe(200);
    for (const notificationId of [notificationIdOf('winner', randomUUID()), 'x'.repeat(300)]) {
      const missing = await dismisser.client.call(route, { id: dismisser.user.id, notificationId });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ error: messages.notification.notFound });
    }
  });
});

describe('who may read and change them', () => {
  it('another admin, a super admin or a partner cannot subscribe to an admin’s notifications', async () => {
    const topic = topicNames.adminNotifications(admins[0]!.user.id);
    for (const client of [admins[1]!.client, superClient, await signedIn(await aStaffUser('partner'))]) {
      const socket = await TopicClient.connect(client.sessionCookie);
      sockets.push(socket);
      socket.subscribe(topic);
      const refusal = await socket.waitFor((m) => m.topic === topic && m.event === TOPIC_ERROR_EVENT);
      expect(refusal.data).toEqual({ error: 'You do not have access to this topic.' });
    }
  });

  it('another admin cannot mark read or dismiss on an admin’s behalf (403)', async () => {
    const id = await aWinnerNotification();
    const [owner, intruder] = admins as [(typeof admins)[0], (typeof admins)[0]];
    const marked = await intruder.client.call(routes.markNotificationsRead, { id: owner.user.id });
    const dismissed = await intruder.client.call(routes.dismissNotification, { id: owner.user.id, notificationId: id });
    for (const response of [marked, dismissed]) {
      expect(response.status).toBe(403);
      expect(typeof response.body.error).toBe('string');
    }
    const ownerFeed = await showing(await watching(owner), id);
    expect(rowOf(ownerFeed, id)?.Read).toBe(false);
  });
});
