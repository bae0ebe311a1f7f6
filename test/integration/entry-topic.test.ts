import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { frameBudgetMessages, FRAME_BUDGET } from '@shared/frame-budget';
import { messages } from '@shared/messages';
import { topicCatalogue, topicNames, TOPIC_ERROR_EVENT, type ServerMessage } from '@shared/topics';
import { handler as wsHandler } from '../../functions/lambdas/ws';
import { failEntry, getEntry, MAX_ENTRY_WATCHERS } from '../../functions/modules/entries';
import { getConnection, subscribersOf } from '../../functions/modules/live';
import { lambdaContext } from '../../infra/local/lambda-registry';
import { eventually } from '../support/eventually';
import { aPlayerNumber, enterHouseGame, shownDetails, waitForSimulatorStatus, type EntryState } from '../support/play';
import { stackBaseUrl } from '../support/stack-target';
import { TopicClient } from '../support/ws';
import { sharedStack } from '../support/stack-target';
import { setEntry } from '../support/stored-state';

/**
 * Players are pushed, not polled (issue 32): an anonymous socket follows its
 * entry on `entry/:id` — the status route's answer as the snapshot, then the
 * change — and reads nothing else: no staff topic, no entry it cannot name.
 * The entry keeps its watchers itself: the page's socket costs one write of
 * its entry, whether it named its entry when connecting or subscribed.
 */
const STATUS_EVENT = topicCatalogue.entry.events.status;

const statusAnswer = async (entryId: string) =>
  (await (await fetch(`${stackBaseUrl()}/api/v1/entries/${entryId}`)).json()) as EntryState;

const ofTopic = (socket: TopicClient, topic: string) => socket.messages.filter((m) => m.topic === topic);

/** The sockets an entry keeps as its watchers now. */
const watchersOf = async (entryId: string): Promise<string[]> => [
  ...(((await getEntry(entryId)) as { watchers?: Set<string> } | undefined)?.watchers ?? []),
];

/** A pending entry the simulator holds (it settles only when the test fails it) and its topic. */
async function aStuckEntry(): Promise<{ entryId: string; topic: string }> {
  const entryId = (await enterHouseGame('daily', await aPlayerNumber('stuck'), '100.00|LRD')).body.entry_id as string;
  await waitForSimulatorStatus(entryId, 'PENDING');
  return { entryId, topic: topicNames.entry(entryId) };
}

/** An entry's page's socket, as the page opens it (naming its entry), with its connection id (the watcher it adds). */
async function aFollower(entryId: string): Promise<{ socket: TopicClient; connectionId: string }> {
  const before = await watchersOf(entryId);
  const socket = await TopicClient.connect(undefined, { entry: entryId });
  await socket.waitFor((m) => m.topic === topicNames.entry(entryId));
  const [connectionId] = (await watchersOf(entryId)).filter((id) => !before.includes(id));
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
    // kept on the entry itself, never as a subscription listed under the pattern every entry's page would share
    expect(await watchersOf(entryId)).toHaveLength(1);
    expect(await subscribersOf(topic, topicCatalogue.entry.pattern, new Date())).toEqual([]);
    socket.close();
  });

  it('tells a page that named its entry when connecting its status, then its ticket: no frame, no record of its own', async () => {
    const entryId = (await enterHouseGame('daily', await aPlayerNumber('approve'), '100.00|LRD')).body
      .entry_id as string;
    const topic = topicNames.entry(entryId);
    const socket = await TopicClient.connect(undefined, { entry: entryId });
    // the status comes by the stream record of the entry's new watcher (nothing is sent before $connect answers)
    const first = (await socket.waitFor((m) => m.topic === topic)) as ServerMessage<EntryState>;
    expect(first.event).toBe(STATUS_EVENT);
    expect(first.data).toMatchObject({ ...shownDetails('100.00'), status: expect.stringMatching(/^(pending|paid)$/) });
    const paid = (await socket.waitFor(
      (m) => m.topic === topic && (m.data as EntryState).status === 'paid',
      45_000,
    )) as ServerMessage<EntryState>;
    expect(paid.data).toEqual(await statusAnswer(entryId));
    const [connectionId] = await watchersOf(entryId);
    // the socket sent nothing: no connection record (its frame budget's), no subscription
    expect(await getConnection(connectionId!)).toBeUndefined();
    expect(await subscribersOf(topic, topicCatalogue.entry.pattern, new Date())).toEqual([]);
    socket.close();
  });

  it('refuses to connect a page naming an entry nobody has (404), or one followed from too many pages (429)', async () => {
    await expect(TopicClient.connect(undefined, { entry: randomUUID() })).rejects.toThrow('handshake refused: 404');
    await expect(TopicClient.connect(undefined, { entry: 'not-an-entry' })).rejects.toThrow('handshake refused: 404');
    const { entryId } = await aStuckEntry();
    await setEntry(entryId, {
      watchers: new Set(Array.from({ length: MAX_ENTRY_WATCHERS }, (_, i) => `gone-${i}`)),
    });
    await expect(TopicClient.connect(undefined, { entry: entryId })).rejects.toThrow('handshake refused: 429');
    expect(await watchersOf(entryId)).toHaveLength(MAX_ENTRY_WATCHERS);
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
    expect(await subscribersOf(madeUp, topicCatalogue.entry.pattern, new Date())).toEqual([]);
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

  it("costs a closed page's socket no write at $disconnect: a push finds it gone, and the open page is told", async () => {
    const { entryId, topic } = await aStuckEntry();
    const closed = await aFollower(entryId);
    const open = await aFollower(entryId);
    closed.socket.close();
    await closed.socket.closed;
    await disconnect(closed.connectionId);
    // the entry still names it (its $disconnect knows no entry, and writes nothing)
    expect((await watchersOf(entryId)).sort()).toEqual([closed.connectionId, open.connectionId].sort());

    expect(await failEntry(entryId, 'EXPIRED', new Date())).toBe(true);
    const failed = await open.socket.waitFor((m) => m.topic === topic && (m.data as EntryState).status === 'failed');
    expect(failed.data).toEqual(await statusAnswer(entryId));
    expect(ofTopic(open.socket, topic)).toHaveLength(2);
    open.socket.close();
  });

  it('takes a socket off its entry when it unsubscribes; subscribing again sends the status again', async () => {
    const { entryId, topic } = await aStuckEntry();
    const socket = await TopicClient.connect();
    socket.subscribe(topic);
    await socket.waitFor((m) => m.topic === topic);
    expect(await watchersOf(entryId)).toHaveLength(1);
    socket.send('unsubscribe', topic);
    await eventually(
      () => watchersOf(entryId),
      (watchers) => watchers.length === 0,
    );
    socket.subscribe(topic);
    await eventually(
      async () => ofTopic(socket, topic),
      (seen) => seen.length === 2,
    );
    expect(ofTopic(socket, topic).map((m) => (m.data as EntryState).status)).toEqual(['pending', 'pending']);
    expect(await watchersOf(entryId)).toHaveLength(1);
    socket.close();
  });
});
