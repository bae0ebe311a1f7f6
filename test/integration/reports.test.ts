import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, routes, type RouteSpec } from '@shared/api/routes';
import type { ReportLinesResponse, ReportResponse, SealsResponse } from '@shared/api/schemas/reports';
import { formatMoney, parseMoney } from '@shared/money';
import {
  type GameLedgerLine,
  gameLedgerLinesBetween,
  stakeLine,
  type StoredGameLedgerLine,
} from '../../functions/modules/ledger';
import { conductThresholdDraw, drawHouseGame, HOUSE_DRAW_TARGETS } from '../../functions/modules/draws';
import {
  markPayoutFailed,
  markPayoutPaid,
  type Payout,
  prizePayoutId,
  startPrizePayout,
} from '../../functions/modules/payouts';
import { type Entry, getEntry, settlePaidEntry } from '../../functions/modules/entries';
import { sealDailyReports } from '../../functions/modules/reports';
import { type DrawRecord, getDraw, type PrizeDraw } from '../../functions/modules/draw-records';
import { getHouseSettings } from '../../functions/modules/games';
import type { StaffUser } from '../../functions/modules/staff';
import { startPrivateStack, type PrivateStack } from '../support/private-stack';
import { ApiClient } from '../support/api';
import { aPromotion, aSharedCode } from '../support/catalog';
import { aCheckedInAnnouncer, aPartner, aPlainAdmin, fixtureSuperAdmin, signedIn } from '../support/fixtures';
import { enterHouseGame, waitForSimulatorStatus } from '../support/play';
import { getAssignment } from '../../functions/modules/catalog';
import { editSealedStakes, slipIntoGameLedger } from '../support/stored-state';

/**
 * Regulator and tax reports (DESIGN section 4 "Tax"): three partner
 * promotions of two partners and both house games (daily draw, jackpot),
 * entries in LRD and USD across a month, an ISO week and a day boundary,
 * prizes paid and owed. Every figure is checked against sums computed here
 * from the entries and draw records as the store holds them, against the sum
 * of its game-ledger lines as the table holds them (neither from the report
 * code), and against the lines its drill-down lists. The clock is injected:
 * entries are settled with `settlePaidEntry(id, chosenNow)` in 2087.
 *
 * The file runs on a private in-memory stack: the house games are one
 * assignment each for the whole stack, and booking their entries in 2087 on
 * the shared stack would move every other file's house entries there.
 */

let admin: StaffUser;
let adminClient: ApiClient;
let running: PrivateStack | undefined;
const at = (iso: string) => new Date(iso);

const SILENT_NUMBERS = ['88', '55'].flatMap((prefix) => Array.from({ length: 10 }, (_, d) => `231${prefix}${d}000103`));
let nextSilent = randomInt(SILENT_NUMBERS.length);

const HOUSE_PRICES = { daily: { LRD: '100.00', USD: '0.50' }, jackpot: { LRD: '200.00', USD: '1.00' } } as const;

/** A pending entry, by shared code (partner games) or from the house game's page; the payment is approved, never called back. */
async function aPendingEntry(sharedCode: string, currency: 'LRD' | 'USD'): Promise<string> {
  for (let tries = 0; tries < SILENT_NUMBERS.length; tries += 1) {
    const mobile = SILENT_NUMBERS[nextSilent++ % SILENT_NUMBERS.length]!;
    const response =
      sharedCode === 'daily' || sharedCode === 'jackpot'
        ? await enterHouseGame(sharedCode, mobile, `${HOUSE_PRICES[sharedCode][currency]}|${currency}`)
        : await new ApiClient().call(
            routes.codeEntry,
            {},
            { mobile_number: mobile, shared_code: sharedCode, currency },
          );
    if (response.status === 429) continue;
    if (response.status !== 202) throw new Error(`entry: ${response.status} ${response.text}`);
    await waitForSimulatorStatus(response.body.entry_id, 'SUCCESSFUL');
    return response.body.entry_id as string;
  }
  throw new Error('every silent simulator number is rate limited');
}

interface Game {
  partnerId: string;
  promotionId: string;
  assignmentId: string;
  /** A partner game's code; a house game's name (entered from its page). */
  sharedCode: string;
}

/** A house game as the stack seeded it (its assignment and built-in partner). */
async function aHouseGame(game: 'daily' | 'jackpot'): Promise<Game> {
  const target = HOUSE_DRAW_TARGETS.find((t) => t.game === game)!;
  const stored = (await getAssignment(target.assignmentId))!;
  return {
    partnerId: stored.partnerId,
    promotionId: stored.promotionId,
    assignmentId: target.assignmentId,
    sharedCode: game,
  };
}

/** Draw a house game at `now` as the scheduler does (a window without a seed commitment gets one first). */
async function aHouseDraw(game: 'daily' | 'jackpot', now: Date): Promise<DrawRecord> {
  const target = HOUSE_DRAW_TARGETS.find((t) => t.game === game)!;
  const { settings } = await getHouseSettings();
  for (let tries = 0; tries < 3; tries += 1) {
    const outcome = await drawHouseGame(target, settings, now);
    if (outcome.outcome === 'drawn') return outcome.record;
    if (outcome.outcome !== 'seed-committed') throw new Error(`${game} draw: ${outcome.outcome}`);
  }
  throw new Error(`${game} draw never drawn`);
}

async function aGame(partner: { ID: string; SearchString: string }, winnerAmount: string): Promise<Game> {
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
      threshold: 2,
      starting_threshold: 2,
      winner_amount: winnerAmount,
    },
  );
  if (response.status !== 201) throw new Error(response.text);
  return {
    partnerId: partner.ID,
    promotionId: promotion.ID,
    assignmentId: response.body.Assignment.ID as string,
    sharedCode,
  };
}

/** Entries of one game paid at the given times, in that order (a window's seqs follow payment times). */
async function paidAt(game: Game, paid: Array<[iso: string, currency: 'LRD' | 'USD']>): Promise<string[]> {
  const ids = await Promise.all(paid.map(([, currency]) => aPendingEntry(game.sharedCode, currency)));
  for (const [i, id] of ids.entries()) expect((await settlePaidEntry(id, at(paid[i]![0]))).outcome).toBe('settled');
  return ids;
}

/** Pay a draw's prize through the payouts store: it succeeds (or the provider fails it) at `when`. */
async function payPrize(draw: DrawRecord, when: Date, outcome: 'paid' | 'failed' = 'paid'): Promise<void> {
  const payout: Payout = {
    id: prizePayoutId(draw.id, 1),
    kind: 'prize',
    promotionId: draw.promotionId,
    promotionTitle: draw.promotionTitle,
    amountCents: draw.prizeLrdCents!,
    currency: 'LRD',
    msisdn: draw.winnerMsisdn!,
    status: 'pending',
    callbackSecretHash: 'test',
    requestedBy: 'scheduler',
    drawId: draw.id,
    attempt: 1,
    createdAt: when.toISOString(),
  };
  expect(await startPrizePayout(payout, draw as PrizeDraw)).toBe(true);
  expect(
    await (outcome === 'paid'
      ? markPayoutPaid(payout, 'ftx-test', when)
      : markPayoutFailed(payout, 'PAYEE_NOT_FOUND', when)),
  ).toBe(true);
}

const query = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString();

function get<T>(client: ApiClient, spec: RouteSpec, params: Record<string, string | number | undefined>) {
  return client.request<T>('GET', `${pathOf(spec, { id: admin.id })}?${query(params)}`);
}

async function report(period: string, value: string): Promise<ReportResponse> {
  const response = await get<ReportResponse>(adminClient, routes.report, { period, value });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** Every line a figure sums, page after page. */
async function allLines(params: Record<string, string | undefined>, limit = 2): Promise<ReportLinesResponse['items']> {
  const items: ReportLinesResponse['items'] = [];
  let cursor: string | undefined;
  for (;;) {
    const response = await get<ReportLinesResponse>(adminClient, routes.reportLines, { ...params, limit, cursor });
    expect(response.status, response.text).toBe(200);
    items.push(...response.body.items);
    if (!response.body.cursor) return items;
    cursor = response.body.cursor;
  }
}

// ── the expected figures, from the store's entries and draws ─────────────────

const cents = (text: string) => {
  const negative = text.startsWith('-');
  return (negative ? -1 : 1) * parseMoney(negative ? text.slice(1) : text)!;
};
/** 20% of a positive gross gaming revenue, rounded down (DESIGN section 4), written out here on its own. */
const taxOf = (ggr: number) => (ggr > 0 ? Math.floor((ggr * 2000) / 10000) : 0);

/** A report row's figures from its three sums, as the report writes them. */
const figuresFromSums = (currency: 'LRD' | 'USD', stakes: number, paid: number, owed: number) => ({
  currency,
  stakes: formatMoney(stakes),
  prizesPaid: formatMoney(paid),
  prizesOwed: formatMoney(owed),
  ggr: formatMoney(stakes - paid - owed),
  tax: formatMoney(taxOf(stakes - paid - owed)),
});

let entries: Entry[] = [];
let draws: DrawRecord[] = [];

function expected(
  scope: (item: { promotionId: string; partnerId: string }) => boolean,
  from: string,
  to: string,
  currency: 'LRD' | 'USD',
) {
  const stakes = entries.filter((e) => scope(e) && e.currency === currency && e.paidAt! >= from && e.paidAt! < to);
  const won =
    currency === 'LRD' ? draws.filter((d) => scope(d) && d.drawnAt >= from && d.drawnAt < to && d.winnerEntryId) : [];
  const paidBy = (d: DrawRecord & { payoutPaidAt?: string }) =>
    d.payoutStatus === 'paid' && d.payoutPaidAt !== undefined && d.payoutPaidAt < to;
  const stakesCents = stakes.reduce((sum, e) => sum + e.amountCents, 0);
  const paid = won.filter(paidBy).reduce((sum, d) => sum + d.prizeLrdCents!, 0);
  const owed = won.filter((d) => !paidBy(d)).reduce((sum, d) => sum + d.prizeLrdCents!, 0);
  return {
    entryIds: stakes.map((e) => e.id).sort(),
    drawIds: won.map((d) => d.id).sort(),
    figures: figuresFromSums(currency, stakesCents, paid, owed),
  };
}

let p1: Game;
let p2: Game;
let p3: Game;
const entryIds: string[] = [];
const drawIds: string[] = [];

let daily: Game;
let jackpot: Game;

beforeAll(async () => {
  // this worker's store modules and helpers follow the private stack until afterAll
  // draws in 2087 need that future's beacon rounds, as on the test run's stack
  running = await startPrivateStack({ webDist: false, beaconServesFutureRounds: true });
  ({ user: admin, client: adminClient } = await fixtureSuperAdmin());
  [daily, jackpot] = await Promise.all([aHouseGame('daily'), aHouseGame('jackpot')]);
  const partnerA = await aPartner();
  const partnerB = await aPartner();
  await aCheckedInAnnouncer(partnerA);
  [p1, p3, p2] = await Promise.all([aGame(partnerA, '30.00'), aGame(partnerA, '30.00'), aGame(partnerB, '150.00')]);

  entryIds.push(
    ...(await paidAt(p1, [
      ['2087-02-28T23:59:59.000Z', 'LRD'], // February's last second, ISO week 9
      ['2087-03-01T00:00:00.000Z', 'USD'], // March's first second, still ISO week 9
      ['2087-03-09T00:00:00.000Z', 'LRD'], // Sunday 9 March, week 10
      ['2087-03-09T12:00:00.000Z', 'USD'],
    ])),
  );
  const drawA = await conductThresholdDraw({
    assignmentId: p1.assignmentId,
    actor: { actorId: admin.id, actorRole: 'admin', sourceIp: '127.0.0.1' },
    now: at('2087-03-09T13:00:00Z'),
  });
  await payPrize(drawA, at('2087-03-09T14:00:00Z'));
  entryIds.push(
    ...(await paidAt(p1, [
      ['2087-03-09T23:59:59.000Z', 'LRD'], // the day's last second
      ['2087-03-10T00:00:00.000Z', 'LRD'], // Monday 10 March: the next day and ISO week 11
    ])),
    ...(await paidAt(p3, [
      ['2087-03-09T15:00:00.000Z', 'LRD'],
      ['2087-03-09T16:00:00.000Z', 'USD'],
    ])),
    ...(await paidAt(p2, [
      ['2087-03-09T08:00:00.000Z', 'USD'],
      ['2087-03-09T09:00:00.000Z', 'USD'],
      ['2087-03-09T10:00:00.000Z', 'LRD'],
    ])),
  );
  // partner B's prize is drawn and its payout failed: owed (its 150.00 exceeds its LRD stakes: a negative GGR owes no tax)
  const drawB = await conductThresholdDraw({
    assignmentId: p2.assignmentId,
    actor: { actorId: admin.id, actorRole: 'admin', sourceIp: '127.0.0.1' },
    now: at('2087-03-09T22:00:00Z'),
  });
  await payPrize(drawB, at('2087-03-09T22:30:00Z'), 'failed');
  // the house games, in both currencies: the daily draw (Sunday 9 March, 21:00) is paid that evening, the
  // jackpot (drawn the same Sunday) stays owed
  entryIds.push(
    ...(await paidAt(daily, [
      ['2087-03-09T07:00:00.000Z', 'LRD'],
      ['2087-03-09T07:30:00.000Z', 'USD'],
      ['2087-03-09T20:00:00.000Z', 'LRD'],
    ])),
    ...(await paidAt(jackpot, [
      ['2087-03-04T10:00:00.000Z', 'LRD'], // earlier in ISO week 10
      ['2087-03-09T11:00:00.000Z', 'USD'],
      ['2087-03-09T18:00:00.000Z', 'LRD'],
    ])),
  );
  const dailyDraw = await aHouseDraw('daily', at('2087-03-09T21:00:30Z'));
  await payPrize(dailyDraw, at('2087-03-09T21:30:00Z'));
  const jackpotDraw = await aHouseDraw('jackpot', at('2087-03-09T21:01:00Z'));
  drawIds.push(drawA.id, drawB.id, dailyDraw.id, jackpotDraw.id);
  entries = (await Promise.all(entryIds.map((id) => getEntry(id)))).map((e) => e!);
  draws = (await Promise.all(drawIds.map((id) => getDraw(id)))).map((d) => d!);
}, 300_000);

afterAll(async () => {
  // this worker's store modules, helpers and pages go back to the test run's own stack
  await running?.stop();
}, 60_000);

const D1 = { from: '2087-03-09T00:00:00.000Z', to: '2087-03-10T00:00:00.000Z' };
const all = () => true;
const byGame = (game: Game) => (item: { promotionId: string }) => item.promotionId === game.promotionId;
const byPartner = (partnerId: string) => (item: { partnerId: string }) => item.partnerId === partnerId;
const figuresOf = (row: {
  currency: string;
  stakes: string;
  prizesPaid: string;
  prizesOwed: string;
  ggr: string;
  tax: string;
}) => ({
  currency: row.currency,
  stakes: row.stakes,
  prizesPaid: row.prizesPaid,
  prizesOwed: row.prizesOwed,
  ggr: row.ggr,
  tax: row.tax,
});

describe('a day report (Sunday 9 March 2087)', () => {
  let day: ReportResponse;
  let dayLines: StoredGameLedgerLine[];
  beforeAll(async () => {
    day = await report('day', '2087-03-09');
    dayLines = await gameLedgerLinesBetween(D1.from, D1.to);
  });

  it('totals each currency apart: stakes, prizes paid and owed, GGR and tax equal the sums of the entries and draws', () => {
    expect(day.totals).toEqual(
      [expected(all, D1.from, D1.to, 'LRD'), expected(all, D1.from, D1.to, 'USD')].map((e) => e.figures),
    );
    // and the sums are what the scenario says: 800.00 LRD staked; 30.00 and the daily 10,000.00 paid; 150.00 and
    // the jackpot owed; 3.50 USD
    const jackpotPrize = draws.find((d) => d.game === 'jackpot')!.prizeLrdCents!;
    expect(day.totals[0]).toMatchObject({
      stakes: '800.00',
      prizesPaid: '10030.00',
      prizesOwed: formatMoney(15_000 + jackpotPrize),
      tax: '0.00',
    });
    expect(day.totals[1]).toMatchObject({
      stakes: '3.50',
      prizesPaid: '0.00',
      prizesOwed: '0.00',
      ggr: '3.50',
      tax: '0.70',
    });
  });

  it('has a row per game and currency, each equal to its own sums, tax on its own GGR (none on a loss)', () => {
    for (const game of [p1, p2, p3, daily, jackpot]) {
      for (const currency of ['LRD', 'USD'] as const) {
        const row = day.byGame.find((r) => r.key === game.promotionId && r.currency === currency)!;
        expect(row.game).toBe(game === daily ? 'daily' : game === jackpot ? 'jackpot' : 'partner');
        const want = expected(byGame(game), D1.from, D1.to, currency);
        expect(figuresOf(row)).toEqual(want.figures);
        expect([...row.drawIds].sort()).toEqual(want.drawIds);
      }
    }
    expect(day.byGame.find((r) => r.key === p2.promotionId && r.currency === 'LRD')).toMatchObject({
      ggr: '-50.00',
      tax: '0.00',
    });
  });

  it('has a row per partner and currency, summing that partner’s games', () => {
    for (const partnerId of [p1.partnerId, p2.partnerId, daily.partnerId]) {
      for (const currency of ['LRD', 'USD'] as const) {
        const row = day.byPartner.find((r) => r.key === partnerId && r.currency === currency)!;
        expect(figuresOf(row)).toEqual(expected(byPartner(partnerId), D1.from, D1.to, currency).figures);
      }
    }
  });

  it('pre-fills the tax form from LRD values at each entry’s booked rate, as the overview computes tax', () => {
    const value = (e: Entry) =>
      e.currency === 'LRD' ? e.amountCents : Math.floor((e.amountCents * e.rateMilli) / 1000);
    const inDay = entries.filter((e) => e.paidAt! >= D1.from && e.paidAt! < D1.to);
    const stakes = inDay.reduce((sum, e) => sum + value(e), 0);
    const yearStakes = entries.filter((e) => e.paidAt! < D1.to).reduce((sum, e) => sum + value(e), 0);
    const prizes = draws
      .filter((d) => d.drawnAt >= D1.from && d.drawnAt < D1.to)
      .reduce((sum, d) => sum + d.prizeLrdCents!, 0);
    const yearPrizes = draws.filter((d) => d.drawnAt < D1.to).reduce((sum, d) => sum + d.prizeLrdCents!, 0);
    expect(day.taxPrefill).toEqual({
      currentBonusGiveaway: formatMoney(prizes),
      currentPaymentToGovt: formatMoney(taxOf(stakes - prizes)),
      totalYDGiveaway: formatMoney(yearPrizes),
      yDOfThe20Percent: formatMoney(taxOf(yearStakes - yearPrizes)),
    });
  });

  it('lists the entries behind every stakes figure, page by page, summing to it', async () => {
    for (const [scope, key, filter] of [
      ['game', p1.promotionId, byGame(p1)],
      ['game', p2.promotionId, byGame(p2)],
      ['game', daily.promotionId, byGame(daily)],
      ['game', jackpot.promotionId, byGame(jackpot)],
      ['partner', p1.partnerId, byPartner(p1.partnerId)],
      ['partner', daily.partnerId, byPartner(daily.partnerId)],
      ['all', undefined, all],
    ] as const) {
      for (const currency of ['LRD', 'USD'] as const) {
        const want = expected(filter, D1.from, D1.to, currency);
        const lines = await allLines({ period: 'day', value: '2087-03-09', figure: 'stakes', scope, key, currency });
        expect(lines.map((l) => l.id).sort(), `${scope} ${currency}`).toEqual(want.entryIds);
        expect(formatMoney(lines.reduce((sum, l) => sum + cents(l.amount), 0))).toBe(want.figures.stakes);
        // each is a game-ledger line of the day, booked for that entry
        const ledger = new Map(dayLines.map((l) => [l.id, l]));
        for (const line of lines)
          expect(ledger.get(line.line)).toMatchObject({
            kind: 'stake',
            ref: line.id,
            currency,
            amountCents: cents(line.amount),
          });
      }
    }
  });

  it('lists the draws behind the prizes figures, paid and owed', async () => {
    const lines = await allLines(
      { period: 'day', value: '2087-03-09', figure: 'prizes', scope: 'partner', key: p1.partnerId, currency: 'LRD' },
      1,
    );
    expect(lines).toEqual([expect.objectContaining({ kind: 'draw', id: drawIds[0], amount: '30.00', paid: true })]);
    const owed = await allLines({
      period: 'day',
      value: '2087-03-09',
      figure: 'prizes',
      scope: 'game',
      key: p2.promotionId,
      currency: 'LRD',
    });
    expect(owed).toEqual([expect.objectContaining({ kind: 'draw', id: drawIds[1], amount: '150.00', paid: false })]);
    expect(
      await allLines({ period: 'day', value: '2087-03-09', figure: 'prizes', scope: 'all', currency: 'USD' }),
    ).toEqual([]);
    // the house games: the daily prize by its paid line, the jackpot by its awarded (owed) line
    const [dailyDraw, jackpotDraw] = [draws.find((d) => d.game === 'daily')!, draws.find((d) => d.game === 'jackpot')!];
    const house = await allLines(
      { period: 'day', value: '2087-03-09', figure: 'prizes', scope: 'partner', key: daily.partnerId, currency: 'LRD' },
      1,
    );
    expect(house).toEqual([
      expect.objectContaining({
        id: dailyDraw.id,
        amount: formatMoney(dailyDraw.prizeLrdCents!),
        paid: true,
        line: expect.stringContaining('#prize-paid#'),
      }),
      expect.objectContaining({
        id: jackpotDraw.id,
        amount: formatMoney(jackpotDraw.prizeLrdCents!),
        paid: false,
        line: expect.stringContaining('#prize-awarded#'),
      }),
    ]);
    const ledger = new Set(dayLines.map((l) => l.id));
    for (const line of house) expect(ledger.has(line.line), line.line).toBe(true);
  });

  it('downloads as CSV that parses back to the same figures', async () => {
    const response = await adminClient.request(
      'GET',
      `${pathOf(routes.reportCsv, { id: admin.id })}?${query({ period: 'day', value: '2087-03-09' })}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const [header, ...rows] = parseCsv(response.text);
    const column = (name: string) => header!.indexOf(name);
    const figures = (row: string[]) => ({
      currency: row[column('currency')],
      stakes: row[column('stakes')],
      prizesPaid: row[column('prizes_paid')],
      prizesOwed: row[column('prizes_owed')],
      ggr: row[column('ggr')],
      tax: row[column('tax')],
    });
    const section = (name: string) => rows.filter((row) => row[column('section')] === name);
    expect(section('total').map(figures)).toEqual(day.totals.map(figuresOf));
    expect(section('game').map(figures)).toEqual(day.byGame.map(figuresOf));
    expect(section('partner').map(figures)).toEqual(day.byPartner.map(figuresOf));
    expect(section('game').map((row) => row[column('name')])).toEqual(day.byGame.map((r) => r.label));
    expect(section('filing-lrd-value').map((row) => row[column('tax')])).toEqual([day.filing.taxLrd]);
  });
});

describe('period boundaries (GMT days, ISO weeks, months)', () => {
  it.each([
    ['day', '2087-03-10', '2087-03-10T00:00:00.000Z', '2087-03-11T00:00:00.000Z'],
    ['week', '2087-W10', '2087-03-03T00:00:00.000Z', '2087-03-10T00:00:00.000Z'],
    ['week', '2087-W09', '2087-02-24T00:00:00.000Z', '2087-03-03T00:00:00.000Z'],
    ['month', '2087-02', '2087-02-01T00:00:00.000Z', '2087-03-01T00:00:00.000Z'],
    ['month', '2087-03', '2087-03-01T00:00:00.000Z', '2087-04-01T00:00:00.000Z'],
  ])('%s %s holds exactly the entries paid in [%s, %s)', async (period, value, from, to) => {
    const body = await report(period, value);
    expect(body.period).toEqual({ kind: period, value, from, to });
    for (const currency of ['LRD', 'USD'] as const) {
      const want = expected(all, from, to, currency);
      expect(figuresOf(body.totals.find((t) => t.currency === currency)!)).toEqual(want.figures);
      // a week straddling two months lists its entries from both months' index partitions
      const lines = await allLines(
        { period, value, figure: 'stakes', scope: 'game', key: p1.promotionId, currency },
        1,
      );
      expect(lines.map((l) => l.id).sort()).toEqual(expected(byGame(p1), from, to, currency).entryIds);
    }
  });

  it('refuses a period that does not exist with a 400 and the rule', async () => {
    for (const [period, value] of [
      ['day', '2087-02-29'],
      ['week', '2087-W53'],
      ['month', '2087-13'],
      ['year', '2087'],
      ['day', ''],
    ]) {
      const response = await get<{ error: string }>(adminClient, routes.report, { period, value });
      expect(response.status, `${period} ${value}`).toBe(400);
      expect(response.body.error).toMatch(/day|week|month/i);
    }
    const badCursor = await get(adminClient, routes.reportLines, {
      period: 'day',
      value: '2087-03-09',
      figure: 'stakes',
      scope: 'all',
      currency: 'LRD',
      cursor: 'nope',
    });
    expect(badCursor.status).toBe(400);
  });
});

// ── the game ledger behind the figures ───────────────────────────────────────

/**
 * A figure's sum over game-ledger lines as the table holds them, written out here: stakes are the stake
 * lines; a prize awarded in the period is paid when a paid line for its draw is among the period's lines
 * (it counts that line), else owed (it counts the awarded line); prizes are LRD.
 */
function ledgerFigures(
  lines: readonly GameLedgerLine[],
  scope: (line: GameLedgerLine) => boolean,
  currency: 'LRD' | 'USD',
) {
  const sum = (some: readonly GameLedgerLine[]) => some.reduce((total, l) => total + l.amountCents, 0);
  const stakes = sum(lines.filter((l) => scope(l) && l.kind === 'stake' && l.currency === currency));
  const awarded = currency === 'LRD' ? lines.filter((l) => scope(l) && l.kind === 'prize-awarded') : [];
  const paidLines = lines.filter((l) => l.kind === 'prize-paid' && awarded.some((a) => a.ref === l.ref));
  const owed = sum(awarded.filter((a) => !paidLines.some((p) => p.ref === a.ref)));
  const paid = sum(paidLines);
  return figuresFromSums(currency, stakes, paid, owed);
}

const PERIODS = [
  ['day', '2087-03-09'],
  ['day', '2087-03-10'],
  ['week', '2087-W10'],
  ['week', '2087-W11'],
  ['month', '2087-02'],
  ['month', '2087-03'],
] as const;

describe('the game ledger behind every figure', () => {
  it.each(
    PERIODS,
  )('%s %s: every total, game row and partner row equals the sum of its game-ledger lines, and of its entries and draws', async (period, value) => {
    const body = await report(period, value);
    const lines = await gameLedgerLinesBetween(body.period.from, body.period.to);
    const { from, to } = body.period;
    for (const currency of ['LRD', 'USD'] as const) {
      const total = figuresOf(body.totals.find((t) => t.currency === currency)!);
      expect(total, `total ${currency}`).toEqual(ledgerFigures(lines, all, currency));
      expect(total, `total ${currency}`).toEqual(expected(all, from, to, currency).figures);
    }
    for (const [rows, keyOf] of [
      [body.byGame, (l: { promotionId: string }) => l.promotionId],
      [body.byPartner, (l: { partnerId: string }) => l.partnerId],
    ] as const) {
      // every line with money is in some row: the rows of a currency add up to its total
      for (const currency of ['LRD', 'USD'] as const) {
        const stakes = rows.filter((r) => r.currency === currency).reduce((sum, r) => sum + cents(r.stakes), 0);
        expect(formatMoney(stakes)).toBe(body.totals.find((t) => t.currency === currency)!.stakes);
      }
      for (const row of rows) {
        const currency = row.currency as 'LRD' | 'USD';
        expect(figuresOf(row), `${row.key} ${currency}`).toEqual(
          ledgerFigures(lines, (l) => keyOf(l) === row.key, currency),
        );
        expect(figuresOf(row), `${row.key} ${currency}`).toEqual(
          expected((item) => keyOf(item) === row.key, from, to, currency).figures,
        );
      }
    }
  });

  it('books each paid entry’s stake and each draw’s prize (awarded, then paid) once, as the entry and the draw record say', async () => {
    const lines = await gameLedgerLinesBetween('2087-02-01T00:00:00.000Z', '2087-04-01T00:00:00.000Z');
    for (const entry of entries) {
      const booked = lines.filter((l) => l.ref === entry.id);
      expect(booked, entry.id).toEqual([
        expect.objectContaining({
          kind: 'stake',
          at: entry.paidAt,
          currency: entry.currency,
          amountCents: entry.amountCents,
          assignmentId: entry.assignmentId,
          game: entry.game,
        }),
      ]);
      const value =
        entry.currency === 'LRD' ? entry.amountCents : Math.floor((entry.amountCents * entry.rateMilli) / 1000);
      expect(booked[0]!.valueLrdCents).toBe(value);
    }
    for (const draw of draws as Array<DrawRecord & { payoutPaidAt?: string }>) {
      const booked = lines.filter((l) => l.ref === draw.id).map((l) => [l.kind, l.at, l.amountCents]);
      expect(booked, draw.id).toEqual([
        ['prize-awarded', draw.drawnAt, draw.prizeLrdCents],
        ...(draw.payoutStatus === 'paid' ? [['prize-paid', draw.payoutPaidAt, draw.prizeLrdCents]] : []),
      ]);
    }
  });
});

describe('the daily seal', () => {
  const verify = async () => {
    const response = await get<SealsResponse>(adminClient, routes.reportSeals, { month: '2087-03' });
    expect(response.status, response.text).toBe(200);
    return response.body;
  };

  it('seals each ended day chained to the one before, and finds an edited record or edited data', async () => {
    // the first run seals the day that ended; a later one catches up the days since, in order
    expect(await sealDailyReports(at('2087-03-08T00:20:00Z'))).toMatchObject({ lastSealed: '2087-03-07' });
    expect(await sealDailyReports(at('2087-03-11T00:05:00Z'))).toMatchObject({ sealed: 2, lastSealed: '2087-03-09' });
    expect(await sealDailyReports(at('2087-03-11T00:20:00Z'))).toMatchObject({ sealed: 1, lastSealed: '2087-03-10' });
    expect(await sealDailyReports(at('2087-03-11T00:40:00Z'))).toMatchObject({ sealed: 0 });

    const sealedDay = await report('day', '2087-03-09');
    expect(sealedDay.seal).toMatchObject({ sealed: true, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect((await report('day', '2087-03-11')).seal).toEqual({ sealed: false });

    const intact = await verify();
    expect(intact.status).toBe('intact');
    expect(intact.days.map((d) => [d.day, d.status])).toEqual([
      ['2087-03-07', 'intact'],
      ['2087-03-08', 'intact'],
      ['2087-03-09', 'intact'],
      ['2087-03-10', 'intact'],
    ]);

    // someone edits the sealed record of 9 March (its stakes) in the table
    await editSealedStakes('2087-03-09', 1);
    // and a stake is slipped into the game ledger of 8 March, sealed with none (past IAM, straight into the table)
    const forged = stakeLine(
      {
        id: 'forged-entry',
        assignmentId: p3.assignmentId,
        promotionId: p3.promotionId,
        partnerId: p3.partnerId,
        game: 'partner',
        currency: 'LRD',
        amountCents: 10_000,
        rateMilli: 0,
      },
      '2087-03-08T12:00:00.000Z',
      10_000,
    );
    await slipIntoGameLedger(forged);

    const changed = await verify();
    expect(changed.status).toBe('changed');
    expect(changed.days.map((d) => [d.day, d.status])).toEqual([
      ['2087-03-07', 'intact'],
      ['2087-03-08', 'data-changed'],
      ['2087-03-09', 'record-edited'],
      ['2087-03-10', 'intact'],
    ]);
  });
});

describe('access', () => {
  it('refuses every report route to an admin who is not a super admin (403) and to no session (401)', async () => {
    const plain = await aPlainAdmin();
    const client = await signedIn(plain);
    for (const spec of [routes.report, routes.reportLines, routes.reportCsv, routes.reportSeals]) {
      const response = await client.request(
        'GET',
        `${pathOf(spec, { id: plain.id })}?${query({ period: 'day', value: '2087-03-09', month: '2087-03' })}`,
      );
      expect(response.status, spec.path).toBe(403);
      const anonymous = await new ApiClient().request(
        'GET',
        `${pathOf(spec, { id: admin.id })}?${query({ period: 'day', value: '2087-03-09' })}`,
      );
      expect(anonymous.status, spec.path).toBe(401);
    }
  });
});

/** RFC 4180, as a spreadsheet reads it. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  return rows;
}
