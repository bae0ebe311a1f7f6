import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { FRAME_BUDGET, frameBudgetMessages } from '@shared/frame-budget';
import { messages } from '@shared/messages';
import { TOPIC_ERROR_EVENT, topicNames, type ServerMessage } from '@shared/topics';
import type { ApiClient } from '../support/api';
import { aStaffUser, aSuperAdmin, signedIn } from '../support/fixtures';
import { TopicClient } from '../support/ws';

/**
 * DESIGN section 7: "Each WebSocket connection has a frame budget: a flood
 * slows or closes that connection, never the others". Issue 30 item 6: 3,000
 * frames from one super admin's socket stalled every request of the local
 * API for ~75 s. Measured here as the latency of another client's requests
 * and another socket's subscribe while one socket floods, against the same
 * figures unloaded; the bound is generous (a loaded 2-core machine), the
 * stall it catches is tens of seconds.
 */
const FLOOD_FRAMES = 3000;
const SAMPLES = 9;
/**
 * How much slower than unloaded a figure may be under the flood, beside 3 times: 2 s, far below the stall it
 * catches (a fresh-clone run measured another socket's subscribe at 584 ms with the flood, 50 ms without: a
 * half-second bound failed on noise, not on a stall).
 */
const ALLOWANCE_MS = 2000;
// 300 frames before each of the 10 measures
/** Super-admin topics whose snapshots read the most. */
const HEAVY_TOPICS = [
  topicNames.adminOverview,
  topicNames.adminPartners,
  topicNames.adminDrawList,
  topicNames.adminWinners,
  topicNames.adminPayouts,
  topicNames.adminAnnouncers,
];

const sockets: TopicClient[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

async function aSocket(cookie?: string): Promise<TopicClient> {
  const socket = await TopicClient.connect(cookie);
  sockets.push(socket);
  return socket;
}

/** The socket's close code, or undefined if it is still open after `ms` (the old code never closes it). */
const closedWithin = (socket: TopicClient, ms: number) =>
  Promise.race([socket.closed, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms))]);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Milliseconds of `SAMPLES` requests of another client, one after another: their median. `beforeEach`
 * runs before each request (the flood sends its next frames there, so that it lasts the whole measure).
 */
async function requestLatency(client: ApiClient, beforeEach: () => void = () => undefined): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    beforeEach();
    const started = performance.now();
    expect((await client.call(routes.me)).status).toBe(200);
    times.push(performance.now() - started);
  }
  return median(times);
}

/** Fresh sockets whose subscribe is timed: a median, as one sample on a loaded machine can be a GC pause. */
const SUBSCRIBE_SAMPLES = 3;

/**
 * Milliseconds from a fresh socket's open to its partner dashboard snapshot: the median of SUBSCRIBE_SAMPLES
 * sockets, one after another. `beforeEach` runs before each (the flood's next burst).
 */
async function subscribeLatency(cookie: string | undefined, partnerId: string, beforeEach = () => {}): Promise<number> {
  const topic = topicNames.partnerDashboard(partnerId);
  const times: number[] = [];
  for (let i = 0; i < SUBSCRIBE_SAMPLES; i += 1) {
    const socket = await aSocket(cookie);
    beforeEach();
    const started = performance.now();
    socket.subscribe(topic);
    const snapshot = await socket.waitFor((m) => m.topic === topic, 60_000);
    expect(snapshot.event).not.toBe(TOPIC_ERROR_EVENT);
    times.push(performance.now() - started);
  }
  return median(times);
}

const isError = (text: string) => (m: ServerMessage) =>
  m.event === TOPIC_ERROR_EVENT && (m.data as { error?: string }).error === text;
const refusal = isError(frameBudgetMessages.tooManyFrames);
const closing = isError(frameBudgetMessages.closedForFlood);

describe('a WebSocket flood costs only the flooding socket', () => {
  it(`keeps other clients' requests and subscribes near their unloaded latency while one socket sends ${FLOOD_FRAMES} frames`, async () => {
    const admin = await signedIn(await aSuperAdmin());
    const partnerUser = await aStaffUser('partner');
    const partner = await signedIn(partnerUser);
    // a polite tab of the flooding session: its socket must not notice the flood
    const polite = await aSocket(admin.sessionCookie);
    polite.subscribe(topicNames.adminPartners);
    await polite.waitFor((m) => m.topic === topicNames.adminPartners && m.event !== TOPIC_ERROR_EVENT);

    const requestsBefore = await requestLatency(partner);
    const subscribeBefore = await subscribeLatency(partner.sessionCookie, partnerUser.id);

    const flooder = await aSocket(admin.sessionCookie);
    // each subscribe after an unsubscribe builds the topic's snapshot again: the costliest frames a client can send;
    // sent in as many bursts as there are samples, one before each, so that the flood lasts the whole measure
    let sent = 0;
    const floodMore = () => {
      const until = sent + FLOOD_FRAMES / (SAMPLES + SUBSCRIBE_SAMPLES);
      for (; sent < until; sent += 1)
        flooder.send(sent % 2 === 0 ? 'subscribe' : 'unsubscribe', HEAVY_TOPICS[(sent >> 1) % HEAVY_TOPICS.length]!);
    };
    const requestsDuring = await requestLatency(partner, floodMore);
    const subscribeDuring = await subscribeLatency(partner.sessionCookie, partnerUser.id, floodMore);
    console.info(
      `frame flood: other client's request p50 ${requestsBefore.toFixed(0)} -> ${requestsDuring.toFixed(0)} ms; ` +
        `another socket's subscribe ${subscribeBefore.toFixed(0)} -> ${subscribeDuring.toFixed(0)} ms`,
    );
    expect(requestsDuring).toBeLessThan(Math.max(3 * requestsBefore, requestsBefore + ALLOWANCE_MS));
    expect(subscribeDuring).toBeLessThan(Math.max(3 * subscribeBefore, subscribeBefore + ALLOWANCE_MS));

    // the flooder was told, then closed with the reason
    expect(await closedWithin(flooder, 30_000)).toBeDefined();
    expect(flooder.messages.some(refusal)).toBe(true);
    expect(flooder.messages.some(closing)).toBe(true);
    // the polite tab is open, got no refusal, and still subscribes
    expect(polite.isOpen).toBe(true);
    polite.subscribe(topicNames.adminOverview);
    await polite.waitFor((m) => m.topic === topicNames.adminOverview);
    expect(polite.messages.filter((m) => m.event === TOPIC_ERROR_EVENT)).toEqual([]);
  }, 180_000);

  it('answers frames beyond the budget with an error, then closes the socket from the ws Lambda with a last message', async () => {
    const admin = await signedIn(await aSuperAdmin());
    const socket = await aSocket(admin.sessionCookie);
    // a few frames at a time, each batch answered before the next: never more than the gateway queues
    const answered = (n: number) => socket.messages.filter((m) => m.topic.startsWith('test/unknown-')).length >= n;
    let sent = 0;
    while (socket.isOpen && sent < 400) {
      for (let i = 0; i < 5; i += 1) socket.subscribe(`test/unknown-${(sent += 1)}`);
      await Promise.race([socket.waitFor(() => answered(sent)), socket.closed]);
    }
    const code = await closedWithin(socket, 10_000);
    const answers = socket.messages.filter((m) => m.topic.startsWith('test/unknown-'));
    // the burst is answered as before: the topic is unknown
    expect(answers.slice(0, FRAME_BUDGET.burst).every(isError(messages.topics.unknownTopic))).toBe(true);
    // then refusals (the refill lets a few more through), then the last message and the close from @connections
    expect(answers.filter(refusal).length).toBeGreaterThanOrEqual(FRAME_BUDGET.refusalsBeforeClose);
    expect(answers.at(-1)).toEqual(
      expect.objectContaining({ event: TOPIC_ERROR_EVENT, data: { error: frameBudgetMessages.closedForFlood } }),
    );
    expect(code).toBe(1000);
  }, 120_000);
});
