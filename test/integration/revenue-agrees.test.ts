import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OVERVIEW_EVENTS, type OverviewWinnersAndTax } from '@shared/api/schemas/dashboards';
import { pathOf, routes } from '@shared/api/routes';
import type { ReportResponse, SealsResponse } from '@shared/api/schemas/reports';
import { formatMoney } from '@shared/money';
import { topicNames } from '@shared/topics';
import { finishClears } from '../../functions/modules/draws';
import { reconcilePayouts } from '../../functions/modules/payouts';
import { sealDailyReports, sealedReportsBetween } from '../../functions/modules/reports';
import { getDraw } from '../../functions/modules/draw-records';
import type { StaffUser } from '../../functions/modules/staff';
import type { ApiClient } from '../support/api';
import { eventually } from '../support/eventually';
import { aPartner, fixtureSuperAdmin } from '../support/fixtures';
import { aPromotionToDraw, paidEntriesByCode } from '../support/play';
import { startPrivateStack, type PrivateStack } from '../support/private-stack';
import { TopicClient } from '../support/ws';

/**
 * One definition of gross gaming revenue (DESIGN section 4 "Tax": stakes − refunds − prizes awarded): the
 * overview's "Tax To Gov't" (today and year to date), the day's report, the tax form's prefill and the
 * sealed report agree after entries, a refund clear finished by the finish-clears job, a draw and its
 * prize payout. On a stack of this file's own, so that today's and this year's platform figures are this
 * file's entries only; the expected tax is written out here (20% of a positive GGR, rounded down).
 */
let running: PrivateStack;
let admin: StaffUser;
let adminClient: ApiClient;
let overview: TopicClient;

beforeAll(async () => {
  // this worker's store modules and helpers follow the private stack until afterAll
  running = await startPrivateStack({ webDist: false });
  ({ user: admin, client: adminClient } = await fixtureSuperAdmin());
  overview = await TopicClient.connect(adminClient.sessionCookie);
  overview.subscribe(topicNames.adminOverview);
}, 120_000);

afterAll(async () => {
  overview?.close();
  await running?.stop();
});

const taxOf = (ggrCents: number) => (ggrCents > 0 ? Math.floor((ggrCents * 2_000) / 10_000) : 0);
const today = () => new Date().toISOString().slice(0, 10);

async function dayReport(day: string): Promise<ReportResponse> {
  const response = await adminClient.request<ReportResponse>(
    'GET',
    `${pathOf(routes.report, { id: admin.id })}?period=day&value=${day}`,
  );
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** Every staff figure of today's tax agrees with `ggrCents` (all of it today, so the year to date is the same). */
async function expectTaxEverywhere(ggrCents: number, prizesCents: number): Promise<void> {
  const tax = formatMoney(taxOf(ggrCents));
  // the overview, as an open dashboard shows it: the latest of its pushed figures
  const latest = () =>
    overview.messages.findLast((m) => m.event === OVERVIEW_EVENTS.winnersAndTax)?.data as OverviewWinnersAndTax;
  // each push is computed from counters read one after another, so a push made while the last refund was being
  // counted may hold today's figure before the year's; the pushes that follow must agree on all of them
  const expected = { CurrentPaymentToGovt: tax, YDOfThe20Percent: tax, CurrentBonusGiveaway: formatMoney(prizesCents) };
  const agrees = (data: OverviewWinnersAndTax | undefined) =>
    Object.entries(expected).every(([field, value]) => data?.[field as keyof typeof expected] === value);
  const shown = await eventually(latest, agrees, 30_000).catch(() => latest());
  expect(shown).toMatchObject(expected);
  const report = await dayReport(today());
  expect(report.filing).toMatchObject({ ggrLrd: formatMoney(ggrCents), taxLrd: tax });
  expect(report.totals.find((t) => t.currency === 'LRD')).toMatchObject({ ggr: formatMoney(ggrCents), tax });
  expect(report.taxPrefill).toEqual({
    currentBonusGiveaway: formatMoney(prizesCents),
    totalYDGiveaway: formatMoney(prizesCents),
    currentPaymentToGovt: tax,
    yDOfThe20Percent: tax,
  });
}

describe('gross gaming revenue, one definition on every staff screen', () => {
  it('the overview, Reports, the tax prefill and the sealed report agree after entries, a refund clear, a draw and a payout', async () => {
    const partner = await aPartner();
    const game = await aPromotionToDraw(adminClient, admin.id, partner, {
      threshold: 3,
      starting_threshold: 3,
      winner_amount: '50.00',
    });

    // three entries of 100.00 LRD: GGR 300.00, tax 60.00
    await paidEntriesByCode(game.sharedCode, 3);
    await expectTaxEverywhere(30_000, 0);

    // the admin clears the draw, refunding; the finish-clears job sends the stakes back: GGR 0.00
    const cleared = await adminClient.call(
      routes.clearPartnerDraw,
      { id: admin.id },
      { partnerUsername: partner.SearchString, mode: 'refund' },
    );
    expect(cleared.status, cleared.text).toBe(200);
    expect(await finishClears(new Date())).toMatchObject({ clears: { done: 1 } });
    await expectTaxEverywhere(0, 0);

    // three more entries and a draw with a 50.00 prize: GGR 300.00 − 50.00
    await paidEntriesByCode(game.sharedCode, 3);
    const drawn = await adminClient.call(
      routes.selectWinner,
      { id: admin.id },
      { partner: partner.SearchString, shared_code: game.sharedCode },
    );
    expect(drawn.status, drawn.text).toBe(200);
    await expectTaxEverywhere(25_000, 5_000);

    // the prize is paid: a payout moves no revenue (prizes count when awarded)
    const drawId = drawn.body.winner.draw_id as string;
    await reconcilePayouts(new Date());
    await eventually(
      () => getDraw(drawId),
      (draw) => draw?.payoutStatus === 'paid',
    );
    await expectTaxEverywhere(25_000, 5_000);

    // the day's sealed report (the regulator's record) holds the same figures, and recomputes unchanged
    const day = today();
    const afterTheDay = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000 + 11 * 60_000);
    expect(await sealDailyReports(afterTheDay)).toMatchObject({ lastSealed: day });
    const [sealed] = await sealedReportsBetween(day, day);
    expect(sealed!.report.filing).toMatchObject({ taxLrdCents: taxOf(25_000), prizesLrdCents: 5_000 });
    const seals = await adminClient.request<SealsResponse>(
      'GET',
      `${pathOf(routes.reportSeals, { id: admin.id })}?month=${day.slice(0, 7)}`,
    );
    expect(seals.body.days.find((d) => d.day === day)?.status).toBe('intact');
  }, 120_000);
});
