import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { frameBudgetMessages, FRAME_BUDGET } from '@shared/frame-budget';
import { messages } from '@shared/messages';
import { topicCatalogue, topicNames, TOPIC_ERROR_EVENT, type ServerMessage } from '@shared/topics';
import { handler as wsHandler } from '../../functions/lambdas/ws';
import { failEntry } from '../../functions/modules/entries';
import {
  addSubscription,
  audiencesOf,
  getConnection,
  saveConnection,
  subscribersOf,
} from '../../functions/modules/live';
import { lambdaContext } from '../../infra/local/lambda-registry';
import { eventually } from '../support/eventually';
import { aPlayerNumber, enterHouseGame, shownDetails, waitForSimulatorStatus, type EntryState } from '../support/play';
import { stackBaseUrl } from '../support/stack-target';
import { TopicClient } from '../support/ws';
import { sharedStack } from '../support/stack-target';

/**
 * Players are pushed, not polled (issue 32): an anonymous socket follows its
 * entry on `entry/:id` — the status route's answer as the snapshot, then the
 * change — and reads nothing else: no staff topic, no entry it cannot name.
 */
const STATUS_EVENT = topicCatalogue.entry.events.status;

const statusAnswer = async (entryId: string) =>
  (await (await fetch(`${stackBaseUrl()}/api/v1/entries/${entryId}`)).json()) as EntryState;

const ofTopic = (socket: TopicClient, topic: string) => socket.messages.filter((m) => m.topic === topic);

/** The connections the fan-out lists for an entry's topic now. */
const watchersOf = (topic: string) => subscribersOf(topic, topicCatalogue.entry.pattern, 'topic', new Date());

/** A pending entry the simulator holds (it settles only when the test fails it) and its topic. */
async function aStuckEntry(): Promise<{ entryId: string; topic: string }> {
  const entryId = (await enterHouseGame('daily', await aPlayerNumber('stuck'), '100.00|LRD')).body.entry_id as string;
  await waitForSimulatorStatus(entryId, 'PENDING');
  return { entryId, topic: topicNames.entry(entryId) };
}

/** An anonymous socket following `topic`, with its connection id (the one watcher of the topic it adds). */
async function aFollower(topic: string): Promise<{ socket: TopicClient; connectionId: string }> {
  const before = await watchersOf(topic);
  const socket = await TopicClient.connect();
  socket.subscribe(topic);
  await socket.waitFor((m) => m.topic === topic);
  const [connectionId] = (await watchersOf(topic)).filter((id) => !before.includes(id));
  return { socket, connectionId: connectionId! };
}

/** The ws Lambda's `$disconnect` for a socket, as API Gateway sends it (the local gateway sends its own too). */
const disconnect = (connectionId: string) =>
  wsHandler(
    { requestContext: { routeKey: '$disconnect', connectionId, domainName: 'localhost', stage: 'local' } } as never,
    lambdaContext('ws'),
  );

describe("an entry's live topic", () => {
  it('sends an anonymous socket the status answer on subscribe, then the paid entry with its ticket', async () => {
    const socket = await TopicClient.connect();
    const response = await enterHouseGame('daily', await aPlayerNumber('approve'), '100.00|LRD');
    const entryId = response.body.entry_id as string;
    const topic = topicNames.entry(entryId);
    socket.subscribe(topic);

    const snapshot = (await socket.waitFor((m) => m.topic === topic)) as ServerMessage<EntryState>;
    expect(snapshot.event).toBe(STATUS_EVENT);
    // pending as a rule (the approval comes about a second after the prompt); paid if it beat the subscribe
    expect(snapshot.data).toMatchObject({
      ...shownDetails('100.00'),
      status: expect.stringMatching(/^(pending|paid)$/),
    });
    const paid = (await socket.waitFor(
      (m) => m.topic === topic && (m.data as EntryState).status === 'paid',
      45_000,
    )) as ServerMessage<EntryState>;
    expect(paid.event).toBe(STATUS_EVENT);
    expect(paid.data.ticket_number).toMatch(/\S/);
    // one builder: the pushed body is the route's answer
    expect(paid.data).toEqual(await statusAnswer(entryId));
    // listed under this entry's own key, never under the pattern every entry's page would share
    expect(await subscribersOf(topic, topicCatalogue.entry.pattern, 'topic', new Date())).toHaveLength(1);
    expect(await subscribersOf(topic, topicCatalogue.entry.pattern, 'pattern', new Date())).toEqual([]);
    socket.close();
  });

  it('pushes a failure the moment the entry fails, with its reason code, as the route answers it', async () => {
    const mobile = await aPlayerNumber('stuck');
    const response = await enterHouseGame('jackpot', mobile, '200.00|LRD');
    const entryId = response.body.entry_id as string;
    await waitForSimulatorStatus(entryId, 'PENDING');
    const socket = await TopicClient.connect();
    const topic = topicNames.entry(entryId);
    socket.subscribe(topic);
    const snapshot = await socket.waitFor((m) => m.topic === topic);
    expect(snapshot.data).toEqual({ status: 'pending', ...shownDetails('200.00') });
    expect(JSON.stringify(snapshot)).not.toContain(mobile.slice(3));

    // what reconciliation does to a payment whose prompt expired
    expect(await failEntry(entryId, 'EXPIRED', new Date())).toBe(true);
    const failed = (await socket.waitFor(
      (m) => m.topic === topic && (m.data as EntryState).status === 'failed',
    )) as ServerMessage<EntryState>;
    expect(failed.data).toMatchObject({ reason_code: 'expired', reason: messages.entry.failure.expired });
    expect(failed.data).toEqual(await statusAnswer(entryId));
    expect(ofTopic(socket, topic)).toHaveLength(2);
    socket.close();
  });

  it('refuses a made-up or malformed entry id with the route\'s own "no such entry", and nothing else', async () => {
    const socket = await TopicClient.connect();
    const madeUp = topicNames.entry(randomUUID());
    const malformed = topicNames.entry('not-an-entry');
    socket.subscribe(madeUp);
    socket.subscribe(malformed);
    // frames are answered in order: once a later frame is answered, the earlier ones have said all they will
    socket.subscribe(topicNames.adminOverview);
    await socket.waitFor((m) => m.topic === topicNames.adminOverview);
    for (const topic of [madeUp, malformed]) {
      expect(ofTopic(socket, topic)).toEqual([
        { topic, event: TOPIC_ERROR_EVENT, data: { error: messages.refusals.noSuchEntry } },
      ]);
    }
    // and no subscription is kept for it
    expect(await subscribersOf(madeUp, topicCatalogue.entry.pattern, 'topic', new Date())).toEqual([]);
    socket.close();
  });

  it('still refuses an anonymous socket every staff topic, also while it follows an entry', async () => {
    const mobile = await aPlayerNumber('stuck');
    const entryId = (await enterHouseGame('daily', mobile, '100.00|LRD')).body.entry_id as string;
    const socket = await TopicClient.connect();
    socket.subscribe(topicNames.entry(entryId));
    await socket.waitFor((m) => m.topic === topicNames.entry(entryId));
    const staffTopics = [
      topicNames.adminOverview,
      topicNames.adminPartners,
      topicNames.adminPayouts,
      topicNames.partnerDashboard(randomUUID()),
      topicNames.adminNotifications(randomUUID()),
    ];
    for (const topic of staffTopics) socket.subscribe(topic);
    for (const topic of staffTopics) {
      const answer = await socket.waitFor((m) => m.topic === topic);
      expect(answer).toEqual({ topic, event: TOPIC_ERROR_EVENT, data: { error: messages.auth.signInRequired } });
    }
    socket.close();
  });

  it('holds an anonymous socket to the same frame budget and origin check as any other', async () => {
    await expect(TopicClient.connect(undefined, { origin: 'https://evil.example' })).rejects.toThrow(
      'handshake refused: 403',
    );
    const socket = await TopicClient.connect(undefined, { origin: sharedStack().baseUrl });
    // made-up entries at once, past the burst: the frames beyond it are refused unread
    const topics = Array.from({ length: FRAME_BUDGET.burst + 5 }, () => topicNames.entry(randomUUID()));
    for (const topic of topics) socket.subscribe(topic);
    await socket.waitFor(
      (m) => m.event === TOPIC_ERROR_EVENT && (m.data as { error: string }).error === frameBudgetMessages.tooManyFrames,
    );
    socket.close();
  });

  it("leaves a closed page's socket records to their TTL at $disconnect; the next push finds it gone and deletes them", async () => {
    const { entryId, topic } = await aStuckEntry();
    const closed = await aFollower(topic);
    const open = await aFollower(topic);
    closed.socket.close();
    await closed.socket.closed;
    await disconnect(closed.connectionId);
    // an anonymous socket's records cost no delete (DESIGN section 10): its connection and subscription stay
    expect(await getConnection(closed.connectionId)).toMatchObject({ topics: [topic] });
    expect((await watchersOf(topic)).sort()).toEqual([closed.connectionId, open.connectionId].sort());

    expect(await failEntry(entryId, 'EXPIRED', new Date())).toBe(true);
    await open.socket.waitFor((m) => m.topic === topic && (m.data as EntryState).status === 'failed');
    // the push to the closed one was answered 410: its records went then, so no later push tries it again
    await eventually(
      () => getConnection(closed.connectionId),
      (found) => found === undefined,
    );
    expect(await watchersOf(topic)).toEqual([open.connectionId]);
    open.socket.close();
  });

  it('never lists a subscription past its TTL (DynamoDB deletes expired items days late): pushes skip it', async () => {
    const { entryId, topic } = await aStuckEntry();
    const open = await aFollower(topic);
    // a page closed hours ago whose records its TTL has not deleted yet, and one closed a moment ago
    const expired = { connectionId: `expired-${randomUUID()}`, connectedAt: Date.now() - 3 * 60 * 60_000 };
    const recent = { connectionId: `recent-${randomUUID()}`, connectedAt: Date.now() };
    for (const connection of [expired, recent]) {
      await saveConnection(connection);
      expect(await addSubscription(connection, topic, topicCatalogue.entry.pattern, 'topic')).toBe('added');
    }
    expect((await watchersOf(topic)).sort()).toEqual([open.connectionId, recent.connectionId].sort());
    const { watched } = await audiencesOf([topic]);
    expect(watched.get(topic)?.subscribers.sort()).toEqual([open.connectionId, recent.connectionId].sort());

    expect(await failEntry(entryId, 'EXPIRED', new Date())).toBe(true);
    await open.socket.waitFor((m) => m.topic === topic && (m.data as EntryState).status === 'failed');
    // the push found the recent one gone and deleted it; the expired one it never tried (a try would delete it)
    await eventually(
      () => getConnection(recent.connectionId),
      (found) => found === undefined,
    );
    expect(await getConnection(expired.connectionId)).toMatchObject({ topics: [topic] });
    open.socket.close();
  });
});
