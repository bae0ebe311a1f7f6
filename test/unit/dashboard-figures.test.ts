import { describe, expect, it } from 'vitest';
import { OVERVIEW_EVENTS } from '@shared/api/schemas/dashboards';
import {
  drawProgress,
  feeCents,
  lastDays,
  openWindowToday,
  percentChange,
  percentOf,
  sameSpanLastYear,
} from '../../functions/modules/dashboards/figures';
import { taxDueCents } from '../../functions/modules/reports/gross-gaming-revenue';
import { overviewFrom, type OverviewInputs } from '../../functions/modules/dashboards/overview';
import { nextAttempt, retryDelayMs } from '../../functions/modules/payouts/prize-payouts';
import type { PrizeDraw } from '../../functions/modules/draw-records/store/prize-draws';
import type { CounterValues } from '../../functions/modules/ledger/store/counters';

/** The dashboards' arithmetic: pure, so every boundary is checked here without a stack. */
describe('trends', () => {
  it('is the change in percent with one decimal, and null against nothing', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(5, 0)).toBeNull();
    expect(percentChange(0, 0)).toBeNull();
  });

  it('compares a year to date with last year’s full months plus this month’s days so far', () => {
    expect(sameSpanLastYear(new Date('2027-03-15T10:00:00Z'))).toEqual({
      months: ['2026-01', '2026-02'],
      days: Array.from({ length: 15 }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`),
    });
    expect(sameSpanLastYear(new Date('2027-01-01T00:00:00Z'))).toEqual({ months: [], days: ['2026-01-01'] });
  });

  it('compares 29 February with 1–28 February of the year before', () => {
    const span = sameSpanLastYear(new Date('2028-02-29T23:59:59Z'));
    expect(span.months).toEqual(['2027-01']);
    expect(span.days).toHaveLength(28);
    expect(span.days.at(-1)).toBe('2027-02-28');
  });
});

describe('days and years', () => {
  it('lists the last 14 GMT days oldest first, across a year boundary', () => {
    const days = lastDays(new Date('2027-01-03T00:00:00Z'));
    expect(days).toHaveLength(14);
    expect(days[0]).toBe('2026-12-21');
    expect(days.at(-1)).toBe('2027-01-03');
  });
});

describe('tax and fees (DESIGN section 4 "Tax")', () => {
  it('is 20% of stakes minus prizes, rounded down, and nothing on a loss', () => {
    expect(taxDueCents(100_000, 40_000)).toBe(12_000);
    expect(taxDueCents(10_001, 0)).toBe(2_000);
    expect(taxDueCents(10_000, 50_000)).toBe(0);
  });

  it('charges the fee rate on collections in each currency', () => {
    expect(feeCents(1_000_000, 300)).toBe(30_000);
    expect(feeCents(150, 300)).toBe(4);
  });
});

describe('the open draw window today (DESIGN section 4)', () => {
  const now = new Date('2027-06-10T15:00:00Z');

  it('is the window count when the window opened today', () => {
    expect(openWindowToday({ windowCount: 7, windowOpenedAt: '2027-06-10T09:00:00.000Z' }, 30, now)).toBe(7);
  });

  it('is today’s entries when the window opened before today', () => {
    expect(openWindowToday({ windowCount: 40, windowOpenedAt: '2027-06-09T20:00:00.000Z' }, 12, now)).toBe(12);
  });

  it('shows progress as a percentage of the threshold', () => {
    expect(percentOf(5, 20)).toBe(25);
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(0, 0)).toBe(100);
  });

  it("reads the Draw tab's Percentage as the open draw's progress: 0 to 100, 0 with no entry in it", () => {
    expect(drawProgress(0, 5)).toBe(0);
    expect(drawProgress(0, 0)).toBe(0);
    expect(drawProgress(1, 8)).toBe(12.5);
    expect(drawProgress(5, 5)).toBe(100);
    // more entries than the draw needs is a draw ready to be made, not 550 %
    expect(drawProgress(55, 10)).toBe(100);
  });
});

describe('prize payout retries', () => {
  const draw = (fields: Partial<PrizeDraw>): PrizeDraw =>
    ({
      id: 'd1',
      drawnAt: '2027-06-10T10:00:00.000Z',
      winnerMsisdn: '231886000100',
      prizeLrdCents: 500_000,
      ...fields,
    }) as PrizeDraw;
  const at = (iso: string) => new Date(iso);

  it('starts a new winner’s first attempt at once', () => {
    expect(nextAttempt(draw({ payoutStatus: 'pending' }), at('2027-06-10T10:00:01Z'))).toBe(1);
  });

  it('never starts another attempt while one is in flight', () => {
    expect(
      nextAttempt(draw({ payoutId: 'p1', payoutStatus: 'pending', payoutAttempt: 1 }), at('2027-06-11T00:00:00Z')),
    ).toBeUndefined();
  });

  it('retries a failed first attempt on the next run, later ones backing off up to a day', () => {
    const failed = (attempt: number) =>
      draw({
        payoutId: 'p',
        payoutStatus: 'failed',
        payoutAttempt: attempt,
        payoutFailedAt: '2027-06-10T10:00:00.000Z',
      });
    expect(nextAttempt(failed(1), at('2027-06-10T10:00:00Z'))).toBe(2);
    expect(nextAttempt(failed(2), at('2027-06-10T10:01:00Z'))).toBeUndefined();
    expect(nextAttempt(failed(2), at('2027-06-10T10:02:00Z'))).toBe(3);
    expect(retryDelayMs(30)).toBe(24 * 60 * 60_000);
  });

  it('skips a draw with no winner', () => {
    expect(nextAttempt(draw({ winnerMsisdn: undefined }), at('2027-06-10T10:00:01Z'))).toBeUndefined();
  });
});

describe('the overview record', () => {
  const zero: CounterValues = { entries: 0, lrdCents: 0, usdCents: 0, valueLrdCents: 0 };
  const now = new Date('2027-01-02T12:00:00Z');
  const input: OverviewInputs = {
    days: [
      ...Array.from({ length: 12 }, () => zero),
      { entries: 2, lrdCents: 10_000, usdCents: 50, valueLrdCents: 19_500 },
      { entries: 3, lrdCents: 20_000, usdCents: 50, valueLrdCents: 29_500 },
    ],
    year: { entries: 5, lrdCents: 30_000, usdCents: 100, valueLrdCents: 49_000 },
    lastYearSpan: [{ entries: 4, lrdCents: 40_000, usdCents: 0, valueLrdCents: 40_000 }, zero],
    winnersToday: { winners: 1, prizesLrdCents: 5_000 },
    winnersYear: { winners: 2, prizesLrdCents: 9_000 },
    winnersEver: { winners: 9, prizesLrdCents: 9_002 },
    moneyOutToday: { partnerPaidCents: 0, announcerPaidCents: 700, prizePaidCents: 0 },
    moneyOutYear: { partnerPaidCents: 1_500, announcerPaidCents: 900, prizePaidCents: 0 },
    refundedToday: 0,
    refundedYear: 0,
    prizeQueue: [],
    recent: [],
    feeBp: 300,
    taxFiling: undefined,
  };

  it('covers every field of the spec’s record across the four events', () => {
    const events = overviewFrom(input, now);
    expect(events.map((e) => e.event)).toEqual([
      OVERVIEW_EVENTS.today,
      OVERVIEW_EVENTS.yearToDate,
      OVERVIEW_EVENTS.winnersAndTax,
      OVERVIEW_EVENTS.taxFiling,
    ]);
    const record = Object.assign({}, ...events.map((e) => e.data as object)) as Record<string, unknown>;
    for (const field of [
      'CurrentEntries',
      'MoneyLRD',
      'MoneyUSD',
      'TotalEntriesYD',
      'TotalWinners',
      'TotalMoneyUSD',
      'TotalMoneyLRD',
      'CurrentBonusGiveaway',
      'CurrentPaymentToGovt',
      'TotalYDGiveaway',
      'YDOfThe20Percent',
      'RecentTaxSetting',
      'Draws',
      'Username',
    ]) {
      expect(record, field).toHaveProperty(field);
    }
  });

  it('computes today, the year, trends, tax and fees from the counters', () => {
    const [today, year, winners] = overviewFrom(input, now).map((e) => e.data) as any[];
    expect(today).toMatchObject({
      CurrentEntries: 3,
      MoneyLRD: '200.00',
      MoneyUSD: '0.50',
      MobileNetworkFeesLRD: '6.00',
      MobileNetworkFeesUSD: '0.01',
    });
    expect(today.Trends).toEqual({ CurrentEntries: 50, MoneyLRD: 100, MoneyUSD: 0 });
    expect(year).toMatchObject({ TotalEntriesYD: 5, TotalMoneyLRD: '300.00', TotalMoneyUSD: '1.00', WinnersYD: 2 });
    expect(year.Trends).toEqual({ TotalEntriesYD: 25, TotalMoneyLRD: -25, TotalMoneyUSD: null });
    expect(year.EntriesSeries.at(-1)).toEqual({ day: '2027-01-02', entries: 3, lrd: '200.00', usd: '0.50' });
    expect(winners).toMatchObject({
      TotalWinners: 9,
      CurrentBonusGiveaway: '50.00',
      TotalYDGiveaway: '90.00',
      // 20% of (295.00 − 50.00) and of (490.00 − 90.00)
      CurrentPaymentToGovt: '49.00',
      YDOfThe20Percent: '80.00',
      AnnouncersBonusPayout: '9.00',
      AnnouncersBonusPayoutToday: '7.00',
      PartnersPayoutYD: '15.00',
    });
  });

  it('takes stakes refunded off the gross gaming revenue (stakes − refunds − prizes, DESIGN section 4 "Tax")', () => {
    const winners = overviewFrom({ ...input, refundedToday: 10_000, refundedYear: 20_000 }, now)[2]!.data as any;
    // 20% of (295.00 − 100.00 − 50.00) and of (490.00 − 200.00 − 90.00)
    expect(winners).toMatchObject({ CurrentPaymentToGovt: '29.00', YDOfThe20Percent: '40.00' });
  });
});
