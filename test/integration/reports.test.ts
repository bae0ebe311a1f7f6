import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { pathOf, routes, type RouteSpec } from '../../shared/api/routes';
import type { ReportLinesResponse, ReportResponse, SealsResponse } from '../../shared/api/schemas/reports';
import { formatMoney, parseMoney } from '../../shared/money';
import { conductThresholdDraw } from '../../functions/draws/threshold-draw';
import { db, tableName } from '../../functions/lib/dynamo';
import { prizePayoutId } from '../../functions/payouts/payout-id';
import { settlePaidEntry } from '../../functions/play/settlement';
import { sealDailyReports } from '../../functions/reports/seal-days';
import type { PrizeDraw } from '../../functions/store/dashboard-reads';
import { getDraw, type DrawRecord } from '../../functions/store/draws';
import { getEntry, type Entry } from '../../functions/store/entries';
import { keys } from '../../functions/store/keys';
import { markPayoutFailed, markPayoutPaid, startPrizePayout, type Payout } from '../../functions/store/payouts';
import type { StaffUser } from '../../functions/store/users';
import { ApiClient } from '../support/api';
import { aPromotion, aSharedCode } from '../support/catalog';
import { aCheckedInAnnouncer, aPartner, aPlainAdmin, fixtureSuperAdmin, signedIn } from '../support/fixtures';
import { waitForSimulatorStatus } from '../support/play';

/**
 * Regulator and tax reports (DESIGN section 4 "Tax"): three partner
 * promotions of two partners, entries in LRD and USD across a month, an ISO
 * week and a day boundary, one prize paid and one owed. Every figure is
 * checked against sums computed here from the entries and draw records as
 * the store holds them (not from the report code), and against the lines
 * its drill-down lists. The clock is injected: entries are settled with
 * `settlePaidEntry(id, chosenNow)`; 2087 keeps these days apart from every
 * other test's. (House games are shared by every test: booking entries on
 * them in 2087 would move their other tests' entries there, so they are
 * not used here; their rows are built by the same code as partner games.)
 */

let admin: StaffUser;
let adminClient: ApiClient;
const at = (iso: string) => new Date(iso);

const SILENT_NUMBERS = ['88', '55'].flatMap((prefix) => Array.from({ length: 10 }, (_, d) => `231${prefix}${d}000103`));
let nextSilent = randomInt(SILENT_NUMBERS.length);

async function aPendingEntry(sharedCode: string, currency: 'LRD' | 'USD'): Promise<string> {
  for (let tries = 0; tries < SILENT_NUMBERS.length; tries += 1) {
    const mobile = SILENT_NUMBERS[nextSilent++ % SILENT_NUMBERS.length]!;
    const response = await new ApiClient().call(routes.codeEntry, {}, { mobile_number: mobile, shared_code: sharedCode, currency });
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
  sharedCode: string;
}

async function aGame(partner: { ID: string; SearchString: string }, winnerAmount: string): Promise<Game> {
  const promotion = await aPromotion(adminClient, admin.id, { promotion_prize_lrd: '100.00', promotion_prize_usd: '0.50' });
  const sharedCode = aSharedCode();
  const response = await adminClient.call(routes.assignPartnerPromotion, { id: admin.id }, {
    partner: partner.SearchString,
    promotion: promotion.ID,
    partner_percentage: 10,
    announcer_percentage: 6,
    shared_code: sharedCode,
    server: 'lonestar',
    threshold: 2,
    starting_threshold: 2,
    winner_amount: winnerAmount,
  });
  if (response.status !== 201) throw new Error(response.text);
  return { partnerId: partner.ID, promotionId: promotion.ID, assignmentId: response.body.Assignment.ID as string, sharedCode };
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
  expect(await (outcome === 'paid' ? markPayoutPaid(payout, 'ftx-test', when) : markPayoutFailed(payout, 'PAYEE_NOT_FOUND', when))).toBe(true);
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

let entries: Entry[] = [];
let draws: DrawRecord[] = [];

function expected(scope: (item: { promotionId: string; partnerId: string }) => boolean, from: string, to: string, currency: 'LRD' | 'USD') {
  const stakes = entries.filter((e) => scope(e) && e.currency === currency && e.paidAt! >= from && e.paidAt! < to);
  const won = currency === 'LRD' ? draws.filter((d) => scope(d) && d.drawnAt >= from && d.drawnAt < to && d.winnerEntryId) : [];
  const paidBy = (d: DrawRecord & { payoutPaidAt?: string }) => d.payoutStatus === 'paid' && d.payoutPaidAt !== undefined && d.payoutPaidAt < to;
  const stakesCents = stakes.reduce((sum, e) => sum + e.amountCents, 0);
  const paid = won.filter(paidBy).reduce((sum, d) => sum + d.prizeLrdCents!, 0);
  const owed = won.filter((d) => !paidBy(d)).reduce((sum, d) => sum + d.prizeLrdCents!, 0);
  return {
    entryIds: stakes.map((e) => e.id).sort(),
    drawIds: won.map((d) => d.id).sort(),
    figures: {
      currency,
      stakes: formatMoney(stakesCents),
      prizesPaid: formatMoney(paid),
      prizesOwed: formatMoney(owed),
      ggr: formatMoney(stakesCents - paid - owed),
      tax: formatMoney(taxOf(stakesCents - paid - owed)),
    },
  };
}

let p1: Game;
let p2: Game;
let p3: Game;
const entryIds: string[] = [];
const drawIds: string[] = [];

beforeAll(async () => {
  ({ user: admin, client: adminClient } = await fixtureSuperAdmin());
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
  const drawA = await conductThresholdDraw({ assignmentId: p1.assignmentId, actor: { actorId: admin.id, actorRole: 'admin', sourceIp: '127.0.0.1' }, now: at('2087-03-09T13:00:00Z') });
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
  const drawB = await conductThresholdDraw({ assignmentId: p2.assignmentId, actor: { actorId: admin.id, actorRole: 'admin', sourceIp: '127.0.0.1' }, now: at('2087-03-09T22:00:00Z') });
  await payPrize(drawB, at('2087-03-09T22:30:00Z'), 'failed');
  drawIds.push(drawA.id, drawB.id);
  entries = (await Promise.all(entryIds.map((id) => getEntry(id)))).map((e) => e!);
  draws = (await Promise.all(drawIds.map((id) => getDraw(id)))).map((d) => d!);
}, 300_000);

const D1 = { from: '2087-03-09T00:00:00.000Z', to: '2087-03-10T00:00:00.000Z' };
const all = () => true;
const byGame = (game: Game) => (item: { promotionId: string }) => item.promotionId === game.promotionId;
const byPartner = (partnerId: string) => (item: { partnerId: string }) => item.partnerId === partnerId;
const figuresOf = (row: { currency: string; stakes: string; prizesPaid: string; prizesOwed: string; ggr: string; tax: string }) => ({
  currency: row.currency,
  stakes: row.stakes,
  prizesPaid: row.prizesPaid,
  prizesOwed: row.prizesOwed,
  ggr: row.ggr,
  tax: row.tax,
});

describe('a day report (Sunday 9 March 2087)', () => {
  let day: ReportResponse;
  beforeAll(async () => {
    day = await report('day', '2087-03-09');
  });

  it('totals each currency apart: stakes, prizes paid and owed, GGR and tax equal the sums of the entries and draws', () => {
    expect(day.totals).toEqual([expected(all, D1.from, D1.to, 'LRD'), expected(all, D1.from, D1.to, 'USD')].map((e) => e.figures));
    // and the sums are what the scenario says: 400.00 LRD staked, 30.00 paid, 150.00 owed; 2.00 USD
    expect(day.totals[0]).toMatchObject({ stakes: '400.00', prizesPaid: '30.00', prizesOwed: '150.00', ggr: '220.00', tax: '44.00' });
    expect(day.totals[1]).toMatchObject({ stakes: '2.00', prizesPaid: '0.00', prizesOwed: '0.00', ggr: '2.00', tax: '0.40' });
  });

  it('has a row per game and currency, each equal to its own sums, tax on its own GGR (none on a loss)', () => {
    for (const game of [p1, p2, p3]) {
      for (const currency of ['LRD', 'USD'] as const) {
        const row = day.byGame.find((r) => r.key === game.promotionId && r.currency === currency)!;
        const want = expected(byGame(game), D1.from, D1.to, currency);
        expect(figuresOf(row)).toEqual(want.figures);
        expect([...row.drawIds].sort()).toEqual(want.drawIds);
      }
    }
    expect(day.byGame.find((r) => r.key === p2.promotionId && r.currency === 'LRD')).toMatchObject({ ggr: '-50.00', tax: '0.00' });
  });

  it('has a row per partner and currency, summing that partner’s games', () => {
    for (const partnerId of [p1.partnerId, p2.partnerId]) {
      for (const currency of ['LRD', 'USD'] as const) {
        const row = day.byPartner.find((r) => r.key === partnerId && r.currency === currency)!;
        expect(figuresOf(row)).toEqual(expected(byPartner(partnerId), D1.from, D1.to, currency).figures);
      }
    }
  });

  it('pre-fills the tax form from LRD values at each entry’s booked rate, as the overview computes tax', () => {
    const value = (e: Entry) => (e.currency === 'LRD' ? e.amountCents : Math.floor((e.amountCents * e.rateMilli) / 1000));
    const inDay = entries.filter((e) => e.paidAt! >= D1.from && e.paidAt! < D1.to);
    const stakes = inDay.reduce((sum, e) => sum + value(e), 0);
    const yearStakes = entries.filter((e) => e.paidAt! < D1.to).reduce((sum, e) => sum + value(e), 0);
    expect(day.taxPrefill).toEqual({
      currentBonusGiveaway: '180.00',
      currentPaymentToGovt: formatMoney(taxOf(stakes - 18_000)),
      totalYDGiveaway: '180.00',
      yDOfThe20Percent: formatMoney(taxOf(yearStakes - 18_000)),
    });
  });

  it('lists the entries behind every stakes figure, page by page, summing to it', async () => {
    for (const [scope, key, filter] of [
      ['game', p1.promotionId, byGame(p1)],
      ['game', p2.promotionId, byGame(p2)],
      ['partner', p1.partnerId, byPartner(p1.partnerId)],
      ['all', undefined, all],
    ] as const) {
      for (const currency of ['LRD', 'USD'] as const) {
        const want = expected(filter, D1.from, D1.to, currency);
        const lines = await allLines({ period: 'day', value: '2087-03-09', figure: 'stakes', scope, key, currency });
        expect(lines.map((l) => l.id).sort(), `${scope} ${currency}`).toEqual(scope === 'all' ? expect.arrayContaining(want.entryIds) : want.entryIds);
        const mine = lines.filter((l) => entryIds.includes(l.id));
        expect(formatMoney(mine.reduce((sum, l) => sum + cents(l.amount), 0))).toBe(want.figures.stakes);
      }
    }
  });

  it('lists the draws behind the prizes figures, paid and owed', async () => {
    const lines = await allLines({ period: 'day', value: '2087-03-09', figure: 'prizes', scope: 'partner', key: p1.partnerId, currency: 'LRD' }, 1);
    expect(lines).toEqual([expect.objectContaining({ kind: 'draw', id: drawIds[0], amount: '30.00', paid: true })]);
    const owed = await allLines({ period: 'day', value: '2087-03-09', figure: 'prizes', scope: 'game', key: p2.promotionId, currency: 'LRD' });
    expect(owed).toEqual([expect.objectContaining({ kind: 'draw', id: drawIds[1], amount: '150.00', paid: false })]);
    expect(await allLines({ period: 'day', value: '2087-03-09', figure: 'prizes', scope: 'all', currency: 'USD' })).toEqual([]);
  });

  it('downloads as CSV that parses back to the same figures', async () => {
    const response = await adminClient.request('GET', `${pathOf(routes.reportCsv, { id: admin.id })}?${query({ period: 'day', value: '2087-03-09' })}`);
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
      const lines = await allLines({ period, value, figure: 'stakes', scope: 'game', key: p1.promotionId, currency }, 1);
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
    const badCursor = await get(adminClient, routes.reportLines, { period: 'day', value: '2087-03-09', figure: 'stakes', scope: 'all', currency: 'LRD', cursor: 'nope' });
    expect(badCursor.status).toBe(400);
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
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.sealedReport('2087-03-09'),
        UpdateExpression: 'SET #report.#totals[0].stakesCents = :more',
        ExpressionAttributeNames: { '#report': 'report', '#totals': 'totals' },
        ExpressionAttributeValues: { ':more': 1 },
      }),
    );
    // and the stakes of 8 March, sealed with none, are edited in their counter
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.counter(p3.assignmentId, 'D', '2087-03-08'),
        UpdateExpression: 'ADD lrdCents :more, valueLrdCents :more',
        ExpressionAttributeValues: { ':more': 10_000 },
      }),
    );

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
      const response = await client.request('GET', `${pathOf(spec, { id: plain.id })}?${query({ period: 'day', value: '2087-03-09', month: '2087-03' })}`);
      expect(response.status, spec.path).toBe(403);
      const anonymous = await new ApiClient().request('GET', `${pathOf(spec, { id: admin.id })}?${query({ period: 'day', value: '2087-03-09' })}`);
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
