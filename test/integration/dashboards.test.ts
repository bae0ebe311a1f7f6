import { randomInt, randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import {
  DRAW_LIST_EVENTS,
  HOUSE_GAMES_EVENT,
  type HouseGameSummary,
  OVERVIEW_EVENTS,
  type AnnouncerDashboard,
  type OverviewTaxFiling,
  type OverviewToday,
  type OverviewWinnersAndTax,
  type OverviewYearToDate,
  type PartnerDashboard,
  type PartnerDrawSummary,
} from '@shared/api/schemas/dashboards';
import type { AnnouncerRecord, PartnerRecord } from '@shared/api/schemas/staff';
import { formatMoney, shareOf } from '@shared/money';
import { maskMobileNumber } from '@shared/phone';
import { TOPIC_ERROR_EVENT, topicNames, type ServerMessage } from '@shared/topics';
import { getEntry, lrdValueOf, settlePaidEntry } from '../../functions/modules/entries';
import { conductThresholdDraw } from '../../functions/modules/draws';
import { confirmPayout } from '../../functions/modules/payouts';
import { resolveTopic } from '../../functions/modules/live';
import { getAssignment } from '../../functions/modules/catalog';
import { getHouseSettings } from '../../functions/modules/games';
import type { DrawRecord } from '../../functions/modules/draw-records';
import type { StaffUser } from '../../functions/modules/staff';
import { ApiClient } from '../support/api';
import { aPromotion, aSharedCode } from '../support/catalog';
import {
  aCheckedInAnnouncer,
  anAnnouncer,
  aPartner,
  aPlainAdmin,
  fixtureSuperAdmin,
  signedIn,
} from '../support/fixtures';
import { waitForSimulatorStatus } from '../support/play';
import { TopicClient } from '../support/ws';

/**
 * The live dashboards (DESIGN section 6): every figure checked
 * against a known sequence of entries in both currencies, draws and payouts,
 * across GMT day, ISO week, month and year boundaries. The clock is injected:
 * entries are requested through the API with a number the simulator approves
 * without calling back, then settled with `settlePaidEntry(id, chosenNow)`;
 * snapshots are built for a chosen `now`. Far-future years keep the platform
 * counters these tests read apart from every other test's.
 */

let admin: StaffUser;
let adminClient: ApiClient;
const sockets: TopicClient[] = [];

beforeAll(async () => {
  ({ user: admin, client: adminClient } = await fixtureSuperAdmin());
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

const at = (iso: string) => new Date(iso);
const actor = () => ({ actorId: admin.id, actorRole: 'admin', sourceIp: '127.0.0.1' });

/**
 * A partner promotion (100.00 LRD / 0.50 USD to enter; 10% partner, 6% announcers) with one checked-in
 * announcer, whose payouts the simulator approves without calling back (we confirm them at a chosen time).
 */
async function aPartnerPromotion(terms: { threshold: number; starting_threshold: number; winner_amount: string }) {
  const partner = await aPartner({ mobile_money_number: `088${randomInt(1_000_000, 9_999_999)}` });
  const created = await anAnnouncer(partner, { mobile_money_number: `088${randomInt(10)}000103` });
  const checkIn = await adminClient.call(
    routes.checkInAnnouncer,
    { id: admin.id },
    { search_string: created.SearchString },
  );
  if (checkIn.status !== 200) throw new Error(checkIn.text);
  const announcer = checkIn.body.Announcer as AnnouncerRecord;
  const promotion = await aPromotion(adminClient, admin.id, {
    promotion_prize_lrd: '100.00',
    promotion_prize_usd: '0.50',
  });
  const sharedCode = aSharedCode();
  const response = await adminClient.call(
    routes.assignPartnerPromotion,
    { id: admin.id },
    {
      partner: partner.SearchString,
      promotion: promotion.ID,
      partner_percentage: 10,
      announcer_percentage: 6,
      shared_code: sharedCode,
      server: 'lonestar',
      ...terms,
    },
  );
  if (response.status !== 201) throw new Error(response.text);
  return { partner, announcer, promotion, sharedCode, assignmentId: response.body.Assignment.ID as string };
}

// The simulator's "approve, never call back" numbers (README): 20 on Lonestar, each allowed 3 payment requests per 10 minutes.
const SILENT_NUMBERS = ['88', '55'].flatMap((prefix) => Array.from({ length: 10 }, (_, d) => `231${prefix}${d}000103`));
let nextSilent = randomInt(SILENT_NUMBERS.length);

/** A pending entry requested through the API; resolves once the simulator holds its payment as SUCCESSFUL. */
async function aPendingEntry(sharedCode: string, currency: 'LRD' | 'USD' = 'LRD'): Promise<string> {
  for (let tries = 0; tries < SILENT_NUMBERS.length; tries += 1) {
    const mobile = SILENT_NUMBERS[nextSilent++ % SILENT_NUMBERS.length]!;
    const response = await new ApiClient().call(
      routes.codeEntry,
      {},
      { mobile_number: mobile, shared_code: sharedCode, currency },
    );
    if (response.status === 429) continue; // that number's payment requests are used up: take the next
    if (response.status !== 202) throw new Error(`entry: ${response.status} ${response.text}`);
    await waitForSimulatorStatus(response.body.entry_id, 'SUCCESSFUL');
    return response.body.entry_id as string;
  }
  throw new Error('every silent simulator number is rate limited');
}

/** Entries paid at the given times, in that order (a window's sequence numbers follow settlement order). */
async function entriesPaidAt(
  sharedCode: string,
  paid: Array<[iso: string, currency: 'LRD' | 'USD']>,
): Promise<string[]> {
  const ids = await Promise.all(paid.map(([, currency]) => aPendingEntry(sharedCode, currency)));
  for (const [i, id] of ids.entries()) {
    const result = await settlePaidEntry(id, at(paid[i]![0]));
    expect(result.outcome).toBe('settled');
  }
  return ids;
}

/** The LRD value of a settled entry (USD at the rate stored with it). */
async function stakeValueOf(entryId: string): Promise<number> {
  const entry = (await getEntry(entryId))!;
  return lrdValueOf(entry.amountCents, entry.currency, entry.rateMilli);
}

async function snapshot(topic: string, now: Date) {
  const resolved = resolveTopic(topic)!;
  return resolved.definition.snapshot(resolved.params, now);
}

const eventData = <T>(events: Array<{ event: string; data: unknown }>, name: string) =>
  events.find((e) => e.event === name)!.data as T;

async function payAnnouncer(announcer: AnnouncerRecord, promotionId: string, amount: string) {
  const response = await adminClient.call(
    routes.payAnnouncer,
    { id: admin.id },
    { username: announcer.Username, search_string: announcer.SearchString, account_balance: { [promotionId]: amount } },
    { headers: { 'idempotency-key': randomUUID() } },
  );
  if (response.status !== 200) throw new Error(`pay announcer: ${response.status} ${response.text}`);
  return response.body.Payouts[0].ID as string;
}

describe('admin/overview across a GMT day and year boundary', () => {
  const NOW = at('2063-01-02T12:00:00Z');
  let events: Array<{ event: string; data: unknown }>;
  let draw: DrawRecord;
  let ids: string[];
  let feeBp: number;

  beforeAll(async () => {
    const { sharedCode, assignmentId, announcer, promotion } = await aPartnerPromotion({
      threshold: 5,
      starting_threshold: 2,
      winner_amount: '30.00',
    });
    ids = await entriesPaidAt(sharedCode, [
      ['2062-01-01T10:00:00Z', 'LRD'], // last year, inside the span that year to date is compared with
      ['2062-12-31T23:59:59Z', 'LRD'], // last year's last second: not this year, but in the 14-day chart
      ['2063-01-01T00:00:00Z', 'LRD'], // the year's first second: yesterday
      ['2063-01-01T23:59:59Z', 'USD'], // yesterday's last second
      ['2063-01-02T00:00:00Z', 'LRD'], // today's first second
      ['2063-01-02T11:00:00Z', 'USD'],
    ]);
    draw = await conductThresholdDraw({ assignmentId, actor: actor(), now: at('2063-01-02T11:30:00Z') });
    // an announcer bonus paid today (the provider never calls back for this number; confirmed at our chosen time)
    const payoutId = await payAnnouncer(announcer, promotion.ID, '1.50');
    await expectEventually(async () => (await confirmPayout(payoutId, at('2063-01-02T11:45:00Z'))) === 'paid');
    feeBp = (await getHouseSettings()).settings.mobileNetworkFeeBp;
    events = await snapshot(topicNames.adminOverview, NOW);
  });

  it('sends the four events of the spec', () => {
    expect(events.map((e) => e.event)).toEqual([
      OVERVIEW_EVENTS.today,
      OVERVIEW_EVENTS.yearToDate,
      OVERVIEW_EVENTS.winnersAndTax,
      OVERVIEW_EVENTS.taxFiling,
    ]);
  });

  it('daily_draw: today’s entries and money in each currency, fees, and trends against yesterday', async () => {
    const usdCents = 50;
    expect(eventData<OverviewToday>(events, OVERVIEW_EVENTS.today)).toEqual({
      Day: '2063-01-02',
      Username: '',
      CurrentEntries: 2,
      MoneyLRD: '100.00',
      MoneyUSD: '0.50',
      MobileNetworkFeesLRD: formatMoney(shareOf(10_000, feeBp)),
      MobileNetworkFeesUSD: formatMoney(shareOf(usdCents, feeBp)),
      Trends: { CurrentEntries: 0, MoneyLRD: 0, MoneyUSD: 0 },
    });
  });

  it('draw_history_all: the year to date against the same span last year, the 14-day chart and the draw', () => {
    const year = eventData<OverviewYearToDate>(events, OVERVIEW_EVENTS.yearToDate);
    expect(year).toMatchObject({
      Year: '2063',
      TotalEntriesYD: 4,
      TotalMoneyLRD: '200.00',
      TotalMoneyUSD: '1.00',
      WinnersYD: 1,
      MobileNetworkFeesYDLRD: formatMoney(shareOf(20_000, feeBp)),
      MobileNetworkFeesYDUSD: formatMoney(shareOf(100, feeBp)),
      // last year's 1–2 January held one LRD entry and nothing in USD
      Trends: { TotalEntriesYD: 300, TotalMoneyLRD: 100, TotalMoneyUSD: null },
    });
    expect(year.EntriesSeries).toHaveLength(14);
    expect(year.EntriesSeries[0]!.day).toBe('2062-12-20');
    expect(year.EntriesSeries.slice(-3)).toEqual([
      { day: '2062-12-31', entries: 1, lrd: '100.00', usd: '0.00' },
      { day: '2063-01-01', entries: 2, lrd: '100.00', usd: '0.50' },
      { day: '2063-01-02', entries: 2, lrd: '100.00', usd: '0.50' },
    ]);
    expect(year.Draws.find((d) => d.ID === draw.id)).toMatchObject({
      MobileNumber: draw.winnerMsisdn,
      WinnerAmount: '30.00',
      WinnerSelected: '2063-01-02T11:30:00.000Z',
      // only today's two entries were in the draw: the window counts since the start of the GMT day
      EntryCount: 2,
      Commitment: draw.commitment,
    });
  });

  it('total_winner_history: prizes drawn, 20% of gross gaming revenue, and announcer bonuses paid', async () => {
    const [, , , yesterdayUsd, todayLrd, todayUsd] = await Promise.all(ids.map(stakeValueOf));
    const stakesToday = todayLrd! + todayUsd!;
    const stakesYear = 10_000 + yesterdayUsd! + stakesToday;
    const winners = eventData<OverviewWinnersAndTax>(events, OVERVIEW_EVENTS.winnersAndTax);
    expect(winners).toMatchObject({
      CurrentBonusGiveaway: '30.00',
      TotalYDGiveaway: '30.00',
      CurrentPaymentToGovt: formatMoney(Math.floor(((stakesToday - 3_000) * 2_000) / 10_000)),
      YDOfThe20Percent: formatMoney(Math.floor(((stakesYear - 3_000) * 2_000) / 10_000)),
      AnnouncersBonusPayout: '1.50',
      AnnouncersBonusPayoutToday: '1.50',
      PartnersPayoutYD: '0.00',
    });
    expect(winners.TotalWinners).toBeGreaterThanOrEqual(1);
  });

  it('recent_tax_settings: the latest filing, pushed live when one is filed', async () => {
    const socket = await subscribed(adminClient.sessionCookie, topicNames.adminOverview, OVERVIEW_EVENTS.taxFiling);
    const figure = `${randomInt(100_000, 999_999)}.25`;
    const filed = await adminClient.call(
      routes.createTaxAnalytics,
      { id: admin.id },
      {
        currentBonusGiveaway: figure,
        totalYDGiveaway: '2.00',
        currentPaymentToGovt: '3.00',
        yDOfThe20Percent: '4.00',
      },
    );
    expect(filed.status, filed.text).toBe(201);
    const pushed = await socket.waitFor<OverviewTaxFiling>(
      (m) => m.event === OVERVIEW_EVENTS.taxFiling && m.data.RecentTaxSetting.CurrentBonusGiveaway === figure,
    );
    expect(pushed.data.RecentTaxSetting).toMatchObject({
      totalYDGiveaway: '2.00',
      currentPaymentToGovt: '3.00',
      YDOfThe20Percent: '4.00',
    });
  });
});

describe('draw list, partner and announcer dashboards across a GMT day, ISO week and month boundary', () => {
  // Monday 1 March 2066 starts ISO week 2066-W09 and a month; Sunday 28 February is the day, week and month before.
  const NOW = at('2066-03-01T00:30:00Z');
  let setup: Awaited<ReturnType<typeof aPartnerPromotion>>;
  let draw: DrawRecord;
  let values: number[];
  let partnerPaidCents: number;

  beforeAll(async () => {
    // the window counts only today's entries (DESIGN section 4): two by the 00:10 draw
    setup = await aPartnerPromotion({ threshold: 8, starting_threshold: 2, winner_amount: '2500.00' });
    const before = await entriesPaidAt(setup.sharedCode, [
      ['2066-01-20T12:00:00Z', 'LRD'], // this year, an earlier month
      ['2066-02-28T23:59:59Z', 'LRD'], // yesterday, last week, last month
      ['2066-03-01T00:00:00Z', 'LRD'], // today's first second
      ['2066-03-01T00:05:00Z', 'USD'],
    ]);
    draw = await conductThresholdDraw({
      assignmentId: setup.assignmentId,
      actor: actor(),
      now: at('2066-03-01T00:10:00Z'),
    });
    const after = await entriesPaidAt(setup.sharedCode, [['2066-03-01T00:20:00Z', 'LRD']]); // the new window's first entry
    values = await Promise.all([...before, ...after].map(stakeValueOf));
    // the partner is paid 3.00 of its balance (held at once)
    partnerPaidCents = 300;
    const paid = await adminClient.call(
      routes.payPartner,
      { id: admin.id },
      { search_string: setup.partner.SearchString, account_balance: { [setup.promotion.ID]: '3.00' } },
      { headers: { 'idempotency-key': randomUUID() } },
    );
    expect(paid.status, paid.text).toBe(200);
  });

  const partnerShare = () => values.reduce((sum, v) => sum + shareOf(v, 1_000), 0);
  const announcerShare = () => values.reduce((sum, v) => sum + shareOf(v, 600), 0);

  it("admin/draw-list: today's entries, this week, month and year, against the threshold", async () => {
    const events = await snapshot(topicNames.adminDrawList, NOW);
    expect(events.map((e) => e.event)).toEqual([...Object.values(DRAW_LIST_EVENTS), HOUSE_GAMES_EVENT]);
    const row = (event: string) =>
      eventData<PartnerDrawSummary[]>(events, event).find((r) => r.AssignmentID === setup.assignmentId)!;
    const common = {
      PartnerUsername: setup.partner.Username,
      PromotionTitle: setup.promotion.promotion_title,
      WeeklyCount: 3,
      MonetaryValue: formatMoney(partnerShare() - partnerPaidCents),
      Threshold: 8,
      // every period carries the open window and what the next draw needs by the server's rule:
      // drawn today already, so the threshold (8), not the first draw's starting threshold (2)
      WindowEntries: 1,
      RequiredEntries: 8,
      WinnerAmount: '2500.00',
    };
    // today: the day's 3 entries as the partner and announcer see them (the 00:10 draw does not lower it);
    // only the entry since that draw is in the open window (WindowEntries). Percentage is the open draw's
    // progress (1 of the 8 it needs) in every period, never the period's total against the threshold
    expect(row(DRAW_LIST_EVENTS.D)).toMatchObject({ ...common, PartnerCurrentTotal: 3, Percentage: 12.5 });
    expect(row(DRAW_LIST_EVENTS.W)).toMatchObject({ ...common, PartnerCurrentTotal: 3, Percentage: 12.5 });
    expect(row(DRAW_LIST_EVENTS.M)).toMatchObject({ ...common, PartnerCurrentTotal: 3, Percentage: 12.5 });
    expect(row(DRAW_LIST_EVENTS.Y)).toMatchObject({ ...common, PartnerCurrentTotal: 5, Percentage: 12.5 });
  });

  it("admin/draw-list: the house games with the open window's entries and the next scheduled draw (GMT)", async () => {
    const events = await snapshot(topicNames.adminDrawList, NOW);
    const { settings } = await getHouseSettings();
    const windowOf = async (id: string) => (await getAssignment(id))!.windowCount;
    // NOW is Monday 2066-03-01 00:30 GMT: tonight's daily draw, the jackpot's on its next weekday
    const jackpotDay = new Date(Date.UTC(2066, 2, 1 + ((settings.jackpot.drawWeekday - 1 + 7) % 7)))
      .toISOString()
      .slice(0, 10);
    expect(eventData<HouseGameSummary[]>(events, HOUSE_GAMES_EVENT)).toEqual([
      {
        Game: 'daily',
        Title: 'Daily Cash Giveaway',
        WindowEntries: await windowOf('house-daily'),
        NextDrawAt: `2066-03-01T${settings.daily.drawTime}:00.000Z`,
        DrawTime: settings.daily.drawTime,
      },
      {
        Game: 'jackpot',
        Title: 'Jackpot',
        WindowEntries: await windowOf('house-jackpot'),
        NextDrawAt: `${jackpotDay}T${settings.jackpot.drawTime}:00.000Z`,
        DrawTime: settings.jackpot.drawTime,
      },
    ]);
  });

  it('partner/{id}/dashboard: balances, today / this week / this month per promotion, today’s winners and 14 days', async () => {
    const [event] = await snapshot(topicNames.partnerDashboard(setup.partner.ID), NOW);
    const dashboard = event!.data as PartnerDashboard;
    const title = setup.promotion.promotion_title;
    expect(dashboard).toMatchObject({
      Username: setup.partner.Username,
      MobileMoneyNumber: setup.partner.MobileMoneyNumber,
      AccountBalance: { [title]: formatMoney(partnerShare() - partnerPaidCents) },
      PromotionDrawCounts: {
        [title]: { threshold: 8, dayString: '2066-03-01', daily: 3, weekly: 3, monthly: 3, winner_amount: '2500.00' },
      },
    });
    expect(dashboard.DailyWinners[title]).toEqual([
      {
        id: draw.winnerEntryId,
        draw_id: draw.id,
        partner_id: setup.partner.ID,
        promotion_title: title,
        mobile_number: maskMobileNumber(draw.winnerMsisdn!),
        winner_selected: '2066-03-01T00:10:00.000Z',
        winner_amount: '2500.00',
        payout_status: expect.any(String),
      },
    ]);
    expect(dashboard.EntriesSeries).toHaveLength(14);
    expect(dashboard.EntriesSeries.slice(-2)).toEqual([
      { day: '2066-02-28', entries: 1, lrd: '100.00', usd: '0.00' },
      { day: '2066-03-01', entries: 3, lrd: '200.00', usd: '0.50' },
    ]);
  });

  it('announcer/{id}/dashboard: its partner’s promotions with the open window’s count, the entries the next draw needs and its commitment, today’s entries as the partner’s, its balance, today’s winners', async () => {
    const [event] = await snapshot(topicNames.announcerDashboard(setup.announcer.ID), NOW);
    const dashboard = event!.data as AnnouncerDashboard;
    const title = setup.promotion.promotion_title;
    const assignment = (await getAssignment(setup.assignmentId))!;
    expect(dashboard).toMatchObject({
      Username: setup.announcer.Username,
      SearchString: setup.announcer.SearchString,
      PartnerUsername: setup.partner.Username,
      CheckedIn: true,
      AccountBalance: { [title]: formatMoney(announcerShare()) },
      // today's entries as the partner's dashboard counts them (3), whatever the draw reset
      PromotionDrawCounts: { [title]: { daily: 3, weekly: 3, monthly: 3 } },
    });
    expect(dashboard.Promotions).toEqual([
      {
        assignment_id: setup.assignmentId,
        promotion_id: setup.promotion.ID,
        promotion_title: title,
        promotion_prize_lrd: '100.00',
        promotion_prize_usd: '0.50',
        threshold: 8,
        starting_threshold: 2,
        shared_code: setup.sharedCode,
        winner_amount: '2500.00',
        windowCommitment: assignment.windowCommitment,
        // the open window's entries since today's draw, and the threshold the next draw needs
        window_entries: 1,
        required_entries: 8,
      },
    ]);
    expect(assignment.windowCommitment).toMatch(/^[0-9a-f]{64}$/);
    expect(assignment.windowCommitment).not.toBe(draw.commitment);
    expect(dashboard.DailyWinners[title]?.map((w) => w.draw_id)).toEqual([draw.id]);
  });

  it('announcer/{id}/dashboard says whether the announcer is checked in (a checked-out one is refused a draw)', async () => {
    const outAnnouncer = await anAnnouncer(setup.partner);
    const [event] = await snapshot(topicNames.announcerDashboard(outAnnouncer.ID), NOW);
    expect((event!.data as AnnouncerDashboard).CheckedIn).toBe(false);
  });
});

describe("today's entries: one definition on the admin Draw tab, the partner's and the announcer's dashboards", () => {
  const NOW = at('2067-05-10T18:00:00Z');

  /** One promotion's "today" on each of the three staff screens, as their topics send it at `now`. */
  async function todayOnEachScreen(setup: Awaited<ReturnType<typeof aPartnerPromotion>>, now: Date) {
    const title = setup.promotion.promotion_title;
    const [drawList, [partnerEvent], [announcerEvent]] = await Promise.all([
      snapshot(topicNames.adminDrawList, now),
      snapshot(topicNames.partnerDashboard(setup.partner.ID), now),
      snapshot(topicNames.announcerDashboard(setup.announcer.ID), now),
    ]);
    const row = eventData<PartnerDrawSummary[]>(drawList, DRAW_LIST_EVENTS.D).find(
      (r) => r.AssignmentID === setup.assignmentId,
    )!;
    return {
      admin: row.PartnerCurrentTotal,
      partner: (partnerEvent!.data as PartnerDashboard).PromotionDrawCounts[title]!.daily,
      announcer: (announcerEvent!.data as AnnouncerDashboard).PromotionDrawCounts[title]!.daily,
      inThisDraw: row.WindowEntries,
    };
  }

  it('are equal after entries and stay equal (and unchanged) after a draw', async () => {
    const setup = await aPartnerPromotion({ threshold: 3, starting_threshold: 2, winner_amount: '50.00' });
    await entriesPaidAt(setup.sharedCode, [
      ['2067-05-09T23:59:59Z', 'LRD'], // yesterday: not today's on any screen
      ['2067-05-10T09:00:00Z', 'LRD'],
      ['2067-05-10T09:30:00Z', 'USD'],
    ]);
    expect(await todayOnEachScreen(setup, at('2067-05-10T10:00:00Z'))).toEqual({
      admin: 2,
      partner: 2,
      announcer: 2,
      inThisDraw: 2,
    });

    await conductThresholdDraw({ assignmentId: setup.assignmentId, actor: actor(), now: at('2067-05-10T10:30:00Z') });
    // the draw empties the open window, not the day: every screen still says 2 entries today
    expect(await todayOnEachScreen(setup, at('2067-05-10T11:00:00Z'))).toEqual({
      admin: 2,
      partner: 2,
      announcer: 2,
      inThisDraw: 0,
    });

    await entriesPaidAt(setup.sharedCode, [['2067-05-10T12:00:00Z', 'LRD']]);
    expect(await todayOnEachScreen(setup, NOW)).toEqual({ admin: 3, partner: 3, announcer: 3, inThisDraw: 1 });
  });
});

describe('live: pushed through the stream fan-out after a settled entry (latency: npm run bench)', () => {
  it('reaches the overview of a plain admin, the draw list, the partner’s and the checked-in announcer’s dashboards', async () => {
    const { partner, announcer, sharedCode, assignmentId, promotion } = await aPartnerPromotion({
      threshold: 50,
      starting_threshold: 50,
      winner_amount: '10.00',
    });
    const plainAdmin = await signedIn(await aPlainAdmin());
    const title = promotion.promotion_title;
    const [overview, drawList, partnerBoard, announcerBoard] = await Promise.all([
      subscribed(plainAdmin.sessionCookie, topicNames.adminOverview, OVERVIEW_EVENTS.today),
      subscribed(adminClient.sessionCookie, topicNames.adminDrawList, DRAW_LIST_EVENTS.D),
      subscribed(
        (await signedIn(partnerUser(partner))).sessionCookie,
        topicNames.partnerDashboard(partner.ID),
        'dashboard',
      ),
      subscribed(
        (await signedIn(announcerUser(announcer))).sessionCookie,
        topicNames.announcerDashboard(announcer.ID),
        'dashboard',
      ),
    ]);
    const entryId = await aPendingEntry(sharedCode);
    const entriesBefore = (await snapshotToday()).CurrentEntries;

    await settlePaidEntry(entryId, new Date());
    // every subscribed dashboard receives the change (how fast is measured by npm run bench, not here)
    await Promise.all([
      overview.waitFor<OverviewToday>(
        (m) => m.event === OVERVIEW_EVENTS.today && m.data.CurrentEntries > entriesBefore,
      ),
      drawList.waitFor<PartnerDrawSummary[]>(
        (m) =>
          m.event === DRAW_LIST_EVENTS.D &&
          m.data.some((r) => r.AssignmentID === assignmentId && r.PartnerCurrentTotal === 1),
      ),
      partnerBoard.waitFor<PartnerDashboard>((m) => m.data.PromotionDrawCounts?.[title]?.daily === 1),
      announcerBoard.waitFor<AnnouncerDashboard>((m) => m.data.PromotionDrawCounts?.[title]?.daily === 1),
    ]);
  });

  it('refuses another partner’s dashboard, another announcer’s, and the draw list to a plain admin', async () => {
    const [mine, theirs] = await Promise.all([aPartner(), aPartner()]);
    const [announcer, otherAnnouncer] = await Promise.all([aCheckedInAnnouncer(mine), aCheckedInAnnouncer(theirs)]);
    const refusals: Array<[string | undefined, string]> = [
      [(await signedIn(partnerUser(mine))).sessionCookie, topicNames.partnerDashboard(theirs.ID)],
      [(await signedIn(announcerUser(announcer))).sessionCookie, topicNames.announcerDashboard(otherAnnouncer.ID)],
      [(await signedIn(partnerUser(mine))).sessionCookie, topicNames.announcerDashboard(announcer.ID)],
      [(await signedIn(await aPlainAdmin())).sessionCookie, topicNames.adminDrawList],
      [(await signedIn(partnerUser(mine))).sessionCookie, topicNames.adminOverview],
    ];
    for (const [cookie, topic] of refusals) {
      const socket = await TopicClient.connect(cookie);
      sockets.push(socket);
      socket.subscribe(topic);
      const answer = await socket.waitFor((m) => m.topic === topic);
      expect(answer.event, topic).toBe(TOPIC_ERROR_EVENT);
      expect(answer.data).toEqual({ error: 'You do not have access to this topic.' });
    }
  });
});

/** A socket signed in with `cookie`, subscribed to `topic`, past its snapshot's `event`. */
async function subscribed(cookie: string | undefined, topic: string, event: string): Promise<TopicClient> {
  const socket = await TopicClient.connect(cookie);
  sockets.push(socket);
  socket.subscribe(topic);
  const first = await socket.waitFor((m: ServerMessage) => m.topic === topic);
  if (first.event === TOPIC_ERROR_EVENT) throw new Error(`refused ${topic}: ${JSON.stringify(first.data)}`);
  await socket.waitFor((m) => m.topic === topic && m.event === event);
  return socket;
}

async function snapshotToday(): Promise<OverviewToday> {
  return eventData<OverviewToday>(await snapshot(topicNames.adminOverview, new Date()), OVERVIEW_EVENTS.today);
}

/** The fixture records carry what `signedIn` needs. */
const partnerUser = (p: PartnerRecord) => ({ id: p.ID, email: p.Email, role: 'partner' }) as StaffUser;
const announcerUser = (a: AnnouncerRecord) => ({ id: a.ID, email: a.Email, role: 'announcer' }) as StaffUser;

async function expectEventually(check: () => Promise<boolean>, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
