import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { FRAME_BUDGET } from '@shared/frame-budget';
import { messages } from '@shared/messages';
import { TOPIC_ERROR_EVENT, topicCatalogue, topicNames, type ServerMessage } from '@shared/topics';
import { handler as wsHandler } from '../../functions/lambdas/ws';
import { lambdaContext } from '../../infra/local/lambda-registry';
import {
  addSubscription,
  connectionsOfUser,
  getConnection,
  MAX_SUBSCRIPTIONS_PER_CONNECTION,
  removeSubscription,
  subscribersOf,
} from '../../functions/modules/live';
import { eventually } from '../support/eventually';
import { aStaffUser, aSuperAdmin, signedIn } from '../support/fixtures';
import { aSettledEntryNobodyMoves } from '../support/stored-state';
import { TopicClient } from '../support/ws';
import { sharedStack } from '../support/stack-target';

/**
 * DESIGN section 7: "No input stops the product: malformed ... WebSocket
 * frames get a 4xx in the {error} shape". Through the local gateway's
 * WebSocket API (as API Gateway: 32 KiB frames, text only) and the ws Lambda.
 */
const sockets: TopicClient[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

async function aSocket(cookie?: string, options?: { origin?: string }): Promise<TopicClient> {
  const socket = await TopicClient.connect(cookie, options);
  sockets.push(socket);
  return socket;
}

const isSnapshot = (m: ServerMessage) => m.topic === topicNames.adminPartners && m.event === 'partners';

describe('frames the gateway refuses close only their own socket', () => {
  it('closes a socket that sends a 40 KiB frame with 1009; other sockets and the HTTP API keep working', async () => {
    const admin = await signedIn(await aSuperAdmin());
    const bystander = await aSocket(admin.sessionCookie);
    const anonymous = await aSocket();

    anonymous.sendRaw('x'.repeat(40 * 1024));

    expect(await anonymous.closed).toBe(1009);
    bystander.subscribe(topicNames.adminPartners);
    await bystander.waitFor(isSnapshot);
    expect((await admin.call(routes.me)).status).toBe(200);
    const later = await aSocket();
    later.subscribe(topicNames.adminPartners);
    expect((await later.waitFor((m) => m.event === TOPIC_ERROR_EVENT)).data).toEqual({
      error: messages.auth.signInRequired,
    });
  });

  it('closes a socket that sends a binary frame with 1003, as API Gateway does', async () => {
    const socket = await aSocket();
    socket.sendRaw(Buffer.from([0xde, 0xad, 0xbe, 0xef]), { binary: true });
    expect(await socket.closed).toBe(1003);
    const other = await aSocket();
    other.sendRaw('null');
    await other.waitFor((m) => m.event === TOPIC_ERROR_EVENT);
  });

  it('closes a socket that sends a text frame of invalid UTF-8 with 1007', async () => {
    const socket = await aSocket();
    socket.sendRaw(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]));
    expect(await socket.closed).toBe(1007);
    const other = await aSocket();
    other.sendRaw('null');
    await other.waitFor((m) => m.event === TOPIC_ERROR_EVENT);
  });
});

describe('the ws Lambda answers every message that is not a JSON object', () => {
  it('answers null, arrays, numbers, strings, booleans and non-JSON with an error event, and the socket stays usable', async () => {
    const admin = await signedIn(await aSuperAdmin());
    const socket = await aSocket(admin.sessionCookie);
    const bodies = [
      'null',
      '[]',
      '[{"action":"subscribe","topic":"admin/partners"}]',
      '1',
      '"x"',
      'true',
      '{',
      '\u00ff\u0000',
    ];
    for (const body of bodies) socket.sendRaw(body);

    const notObjects = await eventually(
      () => socket.messages.filter((m) => m.event === TOPIC_ERROR_EVENT),
      (errors) => errors.length >= bodies.length,
    );
    expect(notObjects).toEqual(
      bodies.map(() => ({ topic: '', event: TOPIC_ERROR_EVENT, data: { error: messages.topics.notAnObject } })),
    );

    socket.sendRaw('{"action":"subscribe","topic":7}');
    await socket.waitFor(
      (m) => m.event === TOPIC_ERROR_EVENT && (m.data as { error: string }).error === messages.topics.unknownTopic,
    );
    socket.subscribe(topicNames.adminPartners);
    await socket.waitFor(isSnapshot);
    expect(socket.isOpen).toBe(true);
  });
});

describe('the site origin', () => {
  it('refuses a cross-site page at $connect with 403', async () => {
    const admin = await signedIn(await aSuperAdmin());
    await expect(TopicClient.connect(admin.sessionCookie, { origin: 'https://evil.example' })).rejects.toThrow(
      'handshake refused: 403',
    );
    await expect(TopicClient.connect(admin.sessionCookie, { origin: 'null' })).rejects.toThrow(
      'handshake refused: 403',
    );
  });

  it("accepts the site's own origin and clients that send none", async () => {
    const admin = await signedIn(await aSuperAdmin());
    const ownPage = await aSocket(admin.sessionCookie, { origin: sharedStack().baseUrl });
    ownPage.subscribe(topicNames.adminPartners);
    await ownPage.waitFor(isSnapshot);
    const noOrigin = await aSocket(admin.sessionCookie);
    noOrigin.subscribe(topicNames.adminPartners);
    await noOrigin.waitFor(isSnapshot);
  });
});

describe('subscriptions per socket', () => {
  /** A super admin's open socket and its connection id (found through the user's connections). */
  async function aSuperAdminSocket() {
    const user = await aSuperAdmin();
    const socket = await aSocket((await signedIn(user)).sessionCookie);
    const [connection] = await eventually(
      () => connectionsOfUser(user.id),
      (found) => found.length === 1,
    );
    return { socket, connectionId: connection!.connectionId };
  }

  it('sends a topic its snapshot once however often it is subscribed (a repeat is answered with nothing)', async () => {
    // an entry stored settled and never moved again: no change can push to its topic meanwhile (a dashboard's
    // would: any promotion's edit refreshes every partner dashboard, and the stream may still bring an earlier file's)
    const entryId = await aSettledEntryNobodyMoves();
    const partner = await aStaffUser('partner');
    const socket = await aSocket((await signedIn(partner)).sessionCookie);
    const [connection] = await eventually(
      () => connectionsOfUser(partner.id),
      (found) => found.length === 1,
    );
    const topic = topicNames.entry(entryId);
    const event = (body: string) => ({
      requestContext: {
        routeKey: 'subscribe',
        connectionId: connection!.connectionId,
        domainName: 'localhost',
        stage: 'local',
      },
      body,
    });
    const subscribe = JSON.stringify({ action: 'subscribe', topic });

    // the ws Lambda run as API Gateway runs it, as many times at once as the frame budget's burst takes
    // (shared/frame-budget.ts); the entry keeps the socket once, and its stream record brings the snapshot
    await Promise.all(
      Array.from({ length: FRAME_BUDGET.burst - 1 }, () => wsHandler(event(subscribe) as never, lambdaContext('ws'))),
    );
    await socket.waitFor((m) => m.topic === topic);
    // a later watcher's record of the same entry comes after every one of those (one stream shard, in order)
    const later = await aSocket();
    later.subscribe(topic);
    await later.waitFor((m) => m.topic === topic);

    const snapshots = socket.messages.filter((m) => m.topic === topic);
    expect(snapshots).toHaveLength(1);
    expect(snapshots[0]!.event).not.toBe(TOPIC_ERROR_EVENT);
    expect(socket.messages).toHaveLength(1);
    // a topic kept as a subscription (a dashboard's) is kept once too, whoever races to subscribe it
    const held = (await getConnection(connection!.connectionId))!;
    const dashboard = topicNames.partnerDashboard(partner.id);
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => addSubscription(held, dashboard, topicCatalogue.partnerDashboard.pattern)),
    );
    expect(outcomes.filter((o) => o === 'added')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already')).toHaveLength(4);
  });

  it(`refuses a topic beyond ${MAX_SUBSCRIPTIONS_PER_CONNECTION} on one socket, and takes it once one is dropped`, async () => {
    const { socket, connectionId } = await aSuperAdminSocket();
    const connection = (await getConnection(connectionId))!;
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_CONNECTION; i += 1) {
      expect(await addSubscription(connection, `test/filler-${i}`, 'test/:filler')).toBe('added');
    }

    socket.subscribe(topicNames.adminPartners);
    const refusal = await socket.waitFor((m) => m.topic === topicNames.adminPartners);
    expect(refusal).toEqual({
      topic: topicNames.adminPartners,
      event: TOPIC_ERROR_EVENT,
      data: { error: messages.topics.tooMany(MAX_SUBSCRIPTIONS_PER_CONNECTION) },
    });

    await removeSubscription(connectionId, 'test/filler-0');
    socket.subscribe(topicNames.adminPartners);
    await socket.waitFor(isSnapshot);
  });

  it('keeps at most the cap when subscribes race on one socket (each counts what it finds after its own write)', async () => {
    const { connectionId } = await aSuperAdminSocket();
    const connection = (await getConnection(connectionId))!;
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_CONNECTION - 2; i += 1)
      expect(await addSubscription(connection, `test/filler-${i}`, 'test/:filler')).toBe('added');
    // every one of these read the socket's topics before the others wrote: the reads alone would take them all
    const racing = await Promise.all(
      Array.from({ length: 6 }, (_, i) => addSubscription(connection, `test/racer-${i}`, 'test/:racer')),
    );
    expect(racing.filter((outcome) => outcome === 'added').length).toBeLessThanOrEqual(2);
    expect(racing.every((outcome) => outcome === 'added' || outcome === 'full')).toBe(true);
    const held = (await getConnection(connectionId))!.topics;
    expect(held.length).toBeLessThanOrEqual(MAX_SUBSCRIPTIONS_PER_CONNECTION);
    expect(held.filter((topic) => topic.startsWith('test/racer-'))).toHaveLength(
      racing.filter((outcome) => outcome === 'added').length,
    );
  });

  it('keeps no subscription for a connection that has no record (closed or ended meanwhile): `gone`', async () => {
    const connection = { connectionId: `closed-${randomUUID()}`, connectedAt: Date.now() };
    expect(await addSubscription(connection, 'test/filler-0', 'test/:filler')).toBe('gone');
    expect(await getConnection(connection.connectionId)).toBeUndefined();
    expect(await subscribersOf('test/filler-0', 'test/:filler', new Date())).not.toContain(connection.connectionId);
  });
});
