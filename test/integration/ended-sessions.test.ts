import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { routes, type RouteSpec } from '@shared/api/routes';
import type { AnnouncerRecord, PartnerRecord } from '@shared/api/schemas/staff';
import { topicNames, type ServerMessage } from '@shared/topics';
import { getUser, SESSION_IDLE_MS, sessionKeyOf } from '../../functions/modules/staff';
import {
  addSubscription,
  audiencesOf,
  connectionsOfUser,
  getConnection,
  saveConnection,
} from '../../functions/modules/live';
import type { ApiClient } from '../support/api';
import { eventually } from '../support/eventually';
import { aBalance, anAnnouncer, aPartner, aSuperAdmin, fixtureSuperAdmin, signedIn } from '../support/fixtures';
import { TopicClient } from '../support/ws';
import { setSession } from '../support/stored-state';

/**
 * DESIGN section 7: "Ending a session (logout, password change, disabling a
 * user) ends its live streams at once." The session's sockets are closed, and
 * the fan-out never posts to a connection whose session is gone or expired.
 */
const sockets: TopicClient[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

/** A socket of `client`'s session subscribed to `topic`, past its snapshot. */
async function watching(client: ApiClient, topic: string): Promise<TopicClient> {
  const socket = await TopicClient.connect(client.sessionCookie);
  sockets.push(socket);
  socket.subscribe(topic);
  await socket.waitFor((m) => m.topic === topic && m.event !== 'error');
  return socket;
}

/** The socket's close code, or 'still open' if it has not closed within `ms`. */
const closeOf = (socket: TopicClient, ms = 20_000) =>
  Promise.race([socket.closed, new Promise<string>((resolve) => setTimeout(() => resolve('still open'), ms))]);

const sessionKeyOfCookie = (cookie: string | undefined) => sessionKeyOf(cookie!.slice(cookie!.indexOf('=') + 1));

/** A super admin sets a new password on a partner's or announcer's profile (the edit form, profile unchanged). */
async function resetPassword(route: RouteSpec, record: PartnerRecord | AnnouncerRecord): Promise<void> {
  const { user: admin, client } = await fixtureSuperAdmin();
  const response = await client.call(
    route,
    { id: admin.id },
    {
      id: record.ID,
      username: record.Username,
      email: record.Email,
      search_string: record.SearchString,
      mobile_money_number: record.MobileMoneyNumber,
      password: 'a-brand-new-password',
    },
  );
  expect(response.status, response.text).toBe(200);
}

/**
 * Wait until the dashboard refreshes set off so far (the partner's sign-in, its subscription) have reached the
 * socket: one more change of the partner's, seen on it. A refresh still on its way when the session then ends was
 * checked against a live session but may be built later, with whatever changed meanwhile.
 */
async function refreshesDone(socket: TopicClient, partnerId: string): Promise<void> {
  const label = `Barrier ${randomUUID().slice(0, 8)}`;
  await aBalance(partnerId, 'partner', 100, randomUUID(), label);
  await socket.waitFor((m) => JSON.stringify(m.data).includes(label));
}

type PartnersList = { Partners: PartnerRecord[] };
const mentions = (messages: ServerMessage[], text: string) =>
  messages.some((m) => JSON.stringify(m.data).includes(text));

describe('ending a session ends its live streams', () => {
  it("closes a super admin's admin/partners socket at logout; a partner created after the logout never reaches it", async () => {
    const user = await aSuperAdmin();
    const admin = await signedIn(user);
    const socket = await watching(admin, topicNames.adminPartners);
    const [connection] = await connectionsOfUser(user.id);

    expect((await admin.call(routes.logout, { id: user.id }, {})).status).toBe(200);
    const partner = await aPartner();

    expect(await closeOf(socket)).not.toBe('still open');
    expect(mentions(socket.messages, partner.SearchString)).toBe(false);
    await eventually(
      () => getConnection(connection!.connectionId),
      (found) => found === undefined,
    );
  });

  it("closes a partner's dashboard socket when an admin resets the partner's password; a balance change after it never reaches it", async () => {
    const record = await aPartner();
    const partnerClient = await signedIn((await getUser(record.ID))!);
    const socket = await watching(partnerClient, topicNames.partnerDashboard(record.ID));
    await refreshesDone(socket, record.ID);
    const mark = socket.messages.length;

    await resetPassword(routes.updatePartner, record);
    await aBalance(record.ID, 'partner', 123_400, randomUUID(), 'After Reset');

    expect(await closeOf(socket)).not.toBe('still open');
    // the change made after the reset never reaches it
    expect(mentions(socket.messages.slice(mark), 'After Reset')).toBe(false);
  });

  it("closes an announcer's dashboard socket when an admin resets the announcer's password", async () => {
    const partner = await aPartner();
    const record = await anAnnouncer(partner);
    const announcerClient = await signedIn((await getUser(record.ID))!, 'announcer');
    const socket = await watching(announcerClient, topicNames.announcerDashboard(record.ID));

    await resetPassword(routes.updateAnnouncer, record);

    expect(await closeOf(socket)).not.toBe('still open');
  });

  it('keeps the sockets of the same user’s other sessions open', async () => {
    const user = await aSuperAdmin();
    const leaving = await signedIn(user);
    const staying = await signedIn(user);
    const gone = await watching(leaving, topicNames.adminPartners);
    const open = await watching(staying, topicNames.adminPartners);

    expect((await leaving.call(routes.logout, { id: user.id }, {})).status).toBe(200);
    expect(await closeOf(gone)).not.toBe('still open');
    const partner = await aPartner();
    await open.waitFor<PartnersList>((m) => m.event === 'partners' && m.data.Partners.some((p) => p.ID === partner.ID));
    expect(open.isOpen).toBe(true);
  });
});

describe('the fan-out sends only to live sessions', () => {
  it('skips and closes a socket whose session has expired though nothing closed it', async () => {
    const record = await aPartner();
    const partnerClient = await signedIn((await getUser(record.ID))!);
    const socket = await watching(partnerClient, topicNames.partnerDashboard(record.ID));
    await refreshesDone(socket, record.ID);
    const mark = socket.messages.length;

    // idle past the limit: the session record is still there, so no deletion closes the socket
    await setSession(sessionKeyOfCookie(partnerClient.sessionCookie), {
      lastSeenAt: Date.now() - SESSION_IDLE_MS - 60_000,
    });
    await aBalance(record.ID, 'partner', 55_500, randomUUID(), 'While Idle');

    expect(await closeOf(socket)).not.toBe('still open');
    // the change made after the session expired never reaches it
    expect(mentions(socket.messages.slice(mark), 'While Idle')).toBe(false);
  });

  it('leaves out, and drops, a subscription whose session record is gone', async () => {
    const userId = randomUUID();
    // a session that no longer exists (never stored here, so no deletion of it can close anything)
    const connection = {
      connectionId: `orphan-${randomUUID()}`,
      sessionKey: sessionKeyOf(randomUUID()),
      userId,
      connectedAt: Date.now(),
    };
    await saveConnection(connection);
    const topic = topicNames.partnerDashboard(randomUUID());
    expect(await addSubscription(connection, topic, topicNames.partnerDashboard(':id'))).toBe('added');

    const { watched } = await audiencesOf([topic]);

    expect(watched.has(topic)).toBe(false);
    expect(await getConnection(connection.connectionId)).toBeUndefined();
  });
});
