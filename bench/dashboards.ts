import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { houseGame } from '@shared/games';
import { HOUSE_PARTNER } from '@shared/house-games';
import { routes } from '@shared/api/routes';
import { OVERVIEW_EVENTS, type OverviewToday } from '@shared/api/schemas/dashboards';
import { messagesOfFrame } from '@shared/message-parts';
import { topicNames, type ServerMessage } from '@shared/topics';
import { hashPassword } from '../functions/modules/staff/passwords';
import { settlePaidEntry } from '../functions/modules/entries/settlement';
import { putPendingEntry } from '../functions/modules/entries/store/entries';
import { getHouseSettings } from '../functions/modules/games/store/house-settings';
import { createStaffUser } from '../functions/modules/staff/store/users';
import type { LocalStack } from '../infra/local/stack';
import { BenchClient } from './http-client';
import type { BenchResult } from './result';
import { percentile, round } from './stats';

/**
 * DESIGN section 9: "A change reaches a subscribed dashboard within 1 s
 * (p95) on the local stack." Measures, over ENTRIES settled one at a time,
 * the time from a settled entry (its settlement transaction committed) to
 * the `admin/overview` update carrying it at a subscribed WebSocket client —
 * through DynamoDB Local's stream, the poller, the fan-out's snapshot and
 * the @connections post. Runs inside bench/run.ts's local stack
 * (BENCH_BASE_URL and the stack's environment).
 */
const ENTRIES = 200;
const WARM_UP = 5;
const BAR_MS = 1000;
/** A miss counts as this long (and fails the bar). */
const GIVE_UP_MS = 5000;

/** Dashboards subscribed at once in the fan-out measurement. */
const FAN_OUT_SUBSCRIBERS = 500;
/** Changes measured with all of them subscribed. */
const FAN_OUT_CHANGES = 20;

export async function benchDashboards(stack?: LocalStack): Promise<BenchResult[]> {
  const single = await benchOneSubscriber();
  return stack ? [...single, ...(await benchFanOut(stack))] : single;
}

/**
 * The same path with FAN_OUT_SUBSCRIBERS admin/overview sockets open at once:
 * the time from a settled entry until each socket has the update (p95 over
 * every delivery, and p95 of the last socket per change), and how many
 * @connections posts one change costs (the local gateway counts them).
 */
async function benchFanOut(stack: LocalStack): Promise<BenchResult[]> {
  const baseUrl = stack.url;
  const cookie = await adminSession(baseUrl);
  const subscribers: OverviewSubscriber[] = [];
  for (let i = 0; i < FAN_OUT_SUBSCRIBERS; i += 25) {
    subscribers.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(25, FAN_OUT_SUBSCRIBERS - i) }, () => OverviewSubscriber.open(baseUrl, cookie)),
      )),
    );
  }
  const { settings } = await getHouseSettings();
  const deliveries: number[] = [];
  const lastPerChange: number[] = [];
  let misses = 0;
  await settledPosts(stack);
  const postsBefore = stack.gateway.websocket.posts;
  for (let i = 0; i < FAN_OUT_CHANGES; i += 1) {
    const entryId = await aPendingDailyEntry(settings.usdToLrdRateMilli);
    const expected = Math.max(...subscribers.map((s) => s.entries)) + 1;
    await settlePaidEntry(entryId, new Date());
    const settledAt = performance.now();
    const times = await Promise.all(
      subscribers.map(async (subscriber) =>
        (await subscriber.nextWith(expected, GIVE_UP_MS)) ? performance.now() - settledAt : undefined,
      ),
    );
    for (const ms of times) {
      if (ms === undefined) misses += 1;
      deliveries.push(ms ?? GIVE_UP_MS);
    }
    lastPerChange.push(Math.max(...times.map((ms) => ms ?? GIVE_UP_MS)));
  }
  const posts = (await settledPosts(stack)) - postsBefore;
  for (const subscriber of subscribers) subscriber.close();

  const p95 = percentile(deliveries, 95);
  const lastP95 = percentile(lastPerChange, 95);
  return [
    {
      name: `… with ${FAN_OUT_SUBSCRIBERS} dashboards subscribed: p95 over every delivery (${FAN_OUT_CHANGES} changes)`,
      value: round(p95),
      unit: 'ms',
      bar: `< ${BAR_MS} ms`,
      pass: p95 < BAR_MS,
    },
    {
      name: `… with ${FAN_OUT_SUBSCRIBERS} dashboards subscribed: p95 until the last one has it`,
      value: round(lastP95),
      unit: 'ms',
    },
    {
      name: `… updates that never arrived (within 5 s, of ${FAN_OUT_SUBSCRIBERS * FAN_OUT_CHANGES})`,
      value: misses,
      unit: 'deliveries',
      bar: '0',
      pass: misses === 0,
    },
    {
      name: `@connections posts per change (${FAN_OUT_SUBSCRIBERS} subscribers)`,
      value: round(posts / FAN_OUT_CHANGES),
      unit: 'posts',
    },
  ];
}

/** The gateway's post count once it has stopped moving (the fan-out of the last change is done). */
async function settledPosts(stack: LocalStack): Promise<number> {
  let last = -1;
  while (stack.gateway.websocket.posts !== last) {
    last = stack.gateway.websocket.posts;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return last;
}

async function benchOneSubscriber(): Promise<BenchResult[]> {
  const baseUrl = process.env.BENCH_BASE_URL;
  if (!baseUrl) throw new Error('BENCH_BASE_URL is not set (bench/run.ts sets it to the local stack)');
  const overview = await OverviewSubscriber.open(baseUrl, await adminSession(baseUrl));
  const { settings } = await getHouseSettings();

  const samples: number[] = [];
  let misses = 0;
  for (let i = 0; i < WARM_UP + ENTRIES; i += 1) {
    const entryId = await aPendingDailyEntry(settings.usdToLrdRateMilli);
    const expected = overview.entries + 1;
    await settlePaidEntry(entryId, new Date());
    const settledAt = performance.now();
    const arrived = await overview.nextWith(expected, GIVE_UP_MS);
    const ms = arrived ? performance.now() - settledAt : GIVE_UP_MS;
    if (!arrived) misses += 1;
    if (i >= WARM_UP) samples.push(ms);
  }
  overview.close();

  const p95 = percentile(samples, 95);
  return [
    {
      name: `settled entry → admin/overview at a subscribed client p50 (${ENTRIES} entries)`,
      value: round(percentile(samples, 50)),
      unit: 'ms',
    },
    {
      name: `settled entry → admin/overview at a subscribed client p95 (${ENTRIES} entries)`,
      value: round(p95),
      unit: 'ms',
      bar: `< ${BAR_MS} ms`,
      pass: p95 < BAR_MS,
    },
    {
      name: 'overview updates that never arrived (within 5 s)',
      value: misses,
      unit: 'entries',
      bar: '0',
      pass: misses === 0,
    },
  ];
}

/** A plain admin (every admin may read the overview), signed in through the real login route. */
async function adminSession(baseUrl: string): Promise<string> {
  const password = randomUUID();
  const email = `bench-overview-${randomUUID().slice(0, 8)}@example.com`;
  await createStaffUser(
    { email, username: 'Bench Overview', role: 'admin', superAdmin: false, passwordHash: await hashPassword(password) },
    new Date(),
  );
  const client = new BenchClient(baseUrl);
  const response = await client.request('POST', routes.adminLogin.path, { email, password });
  if (response.status !== 200 || !client.cookie)
    throw new Error(`bench admin login failed: ${response.status} ${response.text}`);
  return client.cookie;
}

/**
 * A pending Daily Cash Giveaway entry written through the entries store (the
 * payment request and its simulator round trip are not what is measured).
 */
async function aPendingDailyEntry(rateMilli: number): Promise<string> {
  const id = randomUUID();
  await putPendingEntry({
    id,
    assignmentId: houseGame.daily.assignmentId,
    promotionId: houseGame.daily.promotionId,
    partnerId: HOUSE_PARTNER.id,
    game: 'daily',
    msisdn: '231886000100',
    currency: 'LRD',
    amountCents: 10_000,
    rateMilli,
    channel: 'web',
    status: 'pending',
    callbackSecretHash: 'bench',
    // no payment prompt: marked sent, so the prompts' stream consumer leaves it alone
    promptSentAt: new Date().toISOString(),
    createdAt: new Date().toISOString(),
  });
  return id;
}

/** A WebSocket client subscribed to admin/overview that tracks today's entry count from `daily_draw`. */
class OverviewSubscriber {
  entries = 0;
  private day = '';
  private waiter?: { expected: number; resolve: (arrived: boolean) => void };

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      for (const message of messagesOfFrame(JSON.parse(raw.toString())) as Array<ServerMessage<OverviewToday>>)
        this.receive(message);
    });
  }

  private receive(message: ServerMessage<OverviewToday>): void {
    if (message.topic !== topicNames.adminOverview || message.event !== OVERVIEW_EVENTS.today) return;
    // a new GMT day restarts the count: whatever arrives then is the update
    const newDay = this.day !== '' && message.data.Day !== this.day;
    this.day = message.data.Day;
    this.entries = message.data.CurrentEntries;
    if (this.waiter && (newDay || this.entries >= this.waiter.expected)) {
      this.waiter.resolve(true);
      this.waiter = undefined;
    }
  }

  static async open(baseUrl: string, cookie: string): Promise<OverviewSubscriber> {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`, { headers: { cookie } });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const subscriber = new OverviewSubscriber(socket);
    socket.send(JSON.stringify({ action: 'subscribe', topic: topicNames.adminOverview }));
    if (!(await subscriber.nextWith(0, GIVE_UP_MS))) throw new Error('no admin/overview snapshot');
    return subscriber;
  }

  /** Resolves true when a `daily_draw` with at least `expected` entries arrives, false after `timeoutMs`. */
  nextWith(expected: number, timeoutMs: number): Promise<boolean> {
    if (this.day !== '' && this.entries >= expected) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiter = undefined;
        resolve(false);
      }, timeoutMs);
      this.waiter = {
        expected,
        resolve: (arrived) => {
          clearTimeout(timer);
          resolve(arrived);
        },
      };
    });
  }

  close(): void {
    this.socket.close();
  }
}
