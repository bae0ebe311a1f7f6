import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OVERVIEW_EVENTS, type OverviewTaxFiling } from '@shared/api/schemas/dashboards';
import type { PartnerRecord } from '@shared/api/schemas/staff';
import { routes } from '@shared/api/routes';
import { messagesOfFrame, type ServerFrame } from '@shared/message-parts';
import { formatMoney } from '@shared/money';
import { topicNames, type ServerMessage } from '@shared/topics';
import { newStaffUser } from '../../functions/modules/staff';
import { fileTaxAnalytics } from '../../functions/modules/reports';
import type { LocalStack } from '../../infra/local/stack';
import { startPrivateStack, type PrivateStack } from '../support/private-stack';
import { ApiClient } from '../support/api';
import { FIXTURE_PASSWORD, aBalance, aSuperAdmin, uniqueCode } from '../support/fixtures';
import { TopicClient } from '../support/ws';
import { storeStaffUser } from '../support/stored-state';

/**
 * DESIGN section 9: a change reaches 500 subscribed dashboards within 1 s.
 * What one change makes stale reaches each subscriber as ONE @connections
 * post (modules/live/publisher.ts): every event of every topic it watches in
 * one frame (shared/message-parts.ts), not one post per topic and event.
 * Counted exactly — frames on each socket and posts at the local gateway —
 * on a private in-memory stack: on the test run's shared stack other files'
 * changes reach these topics too.
 */
const SOCKETS = 3;
const TOPICS = [topicNames.adminOverview, topicNames.adminPartners, topicNames.adminDrawList];
let running: PrivateStack | undefined;
let stack: LocalStack | undefined;
let partnerId: string;
const sockets: TopicClient[] = [];

beforeAll(async () => {
  // this worker's store modules follow the private stack's environment until afterAll
  running = await startPrivateStack({ webDist: false });
  stack = running.stack;
  const partner = newStaffUser(
    'partner',
    {
      username: 'One Post FM',
      email: `${uniqueCode('post').toLowerCase()}@test.example`,
      searchString: uniqueCode('POST'),
      mobileMoneyNumber: '231770000000',
    },
    'not-a-real-hash',
    new Date(),
  );
  await storeStaffUser(partner);
  partnerId = partner.id;

  const admin = await aSuperAdmin();
  const client = new ApiClient(stack.url);
  const response = await client.call(routes.adminLogin, {}, { email: admin.email, password: FIXTURE_PASSWORD });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${response.text}`);
  for (let i = 0; i < SOCKETS; i += 1) {
    const socket = await TopicClient.connect(client.sessionCookie, { baseUrl: stack.url });
    sockets.push(socket);
    for (const topic of TOPICS) socket.subscribe(topic);
  }
  // every snapshot in, so that none can already hold the changes below
  await Promise.all(
    sockets.flatMap((socket) => TOPICS.map((topic) => socket.waitFor((m) => m.topic === topic, 30_000))),
  );
}, 180_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  // this worker's store modules, helpers and pages go back to the test run's own stack
  await running?.stop();
}, 60_000);

const PROMOTION = { id: randomUUID(), title: 'One Post Promo' };
const credit = (cents: number) => aBalance(partnerId, 'partner', cents, PROMOTION.id, PROMOTION.title);

const partnerBalance = (message: ServerMessage, cents: number) =>
  message.topic === topicNames.adminPartners &&
  (message.data as { Partners: PartnerRecord[] }).Partners.some(
    (p) => p.ID === partnerId && p.AccountBalance[PROMOTION.title] === formatMoney(cents),
  );

const taxFiled = (message: ServerMessage, cents: number) =>
  message.topic === topicNames.adminOverview &&
  message.event === OVERVIEW_EVENTS.taxFiling &&
  (message.data as OverviewTaxFiling).RecentTaxSetting?.CurrentBonusGiveaway === formatMoney(cents);

/** Wait until every socket has a message that `seen` matches; the frames each had by then. */
async function everySocketHas(seen: (message: ServerMessage) => boolean): Promise<number[]> {
  await Promise.all(sockets.map((socket) => socket.waitFor(seen, 30_000)));
  return sockets.map((socket) => socket.frames.length);
}

/** The (topic, event) pairs a frame carries, sorted. */
const contents = (frame: ServerFrame) =>
  (messagesOfFrame(frame) as ServerMessage[]).map((m) => `${m.topic} ${m.event}`).sort();

/** The (topic, event) pairs of `topic`'s snapshot, as each socket got it on subscribing. */
const snapshotEvents = (socket: TopicClient, topic: string) => [
  ...new Set(socket.messages.filter((m) => m.topic === topic).map((m) => `${topic} ${m.event}`)),
];

describe('one post per subscriber per change', () => {
  it('sends each socket ONE frame per change, carrying every event of every topic it makes stale', async () => {
    // every socket past its snapshots, and the stream past everything before: a first balance change seen by all
    await credit(100);
    const before = await everySocketHas((m) => partnerBalance(m, 100));
    const postsBefore = stack!.gateway.websocket.posts;

    // one balance change (partners list and draw list), then one tax filing (the overview's four events),
    // then a last balance change: by the time it arrives, the stream has delivered everything before it
    await credit(250);
    await everySocketHas((m) => partnerBalance(m, 350));
    await fileTaxAnalytics(
      {
        currentBonusGiveawayCents: 4321,
        totalYDGiveawayCents: 1,
        currentPaymentToGovtCents: 2,
        yDOfThe20PercentCents: 3,
      },
      { actorId: 'fan-out-test', actorRole: 'admin', sourceIp: '127.0.0.1' },
      new Date(),
    );
    await everySocketHas((m) => taxFiled(m, 4321));
    await credit(1);
    const after = await everySocketHas((m) => partnerBalance(m, 351));

    sockets.forEach((socket, i) => {
      const frames = socket.frames.slice(before[i], after[i]);
      expect(frames).toHaveLength(3);
      const [balance, tax, last] = frames;
      const staff = [
        ...snapshotEvents(socket, topicNames.adminPartners),
        ...snapshotEvents(socket, topicNames.adminDrawList),
      ].sort();
      expect(contents(balance!)).toEqual(staff);
      expect(messagesOfFrame(balance!).some((m) => partnerBalance(m as ServerMessage, 350))).toBe(true);
      expect(contents(tax!)).toEqual(snapshotEvents(socket, topicNames.adminOverview).sort());
      expect(contents(tax!)).toHaveLength(Object.keys(OVERVIEW_EVENTS).length);
      expect(messagesOfFrame(tax!).some((m) => taxFiled(m as ServerMessage, 4321))).toBe(true);
      expect(contents(last!)).toEqual(staff);
    });
    // the gateway's count agrees: three changes, one post each per socket
    expect(stack!.gateway.websocket.posts - postsBefore).toBe(3 * SOCKETS);
  }, 120_000);
});
