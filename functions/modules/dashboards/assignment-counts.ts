import { formatMoney } from '@shared/money';
import { periodsOf } from '../../platform/periods';
import { readCounters, type CounterValues } from '../ledger';
import type { DailyPoint } from '@shared/api/schemas/dashboards';
import { lastDays } from './figures';

/** An assignment's paid entries in `now`'s GMT day, ISO week, month and year, and optionally a daily series. */
export interface PeriodCounts {
  day: CounterValues;
  week: CounterValues;
  month: CounterValues;
  year: CounterValues;
  series: CounterValues[];
}

/**
 * Counters of many assignments in one batch read (DESIGN section 2: every
 * dashboard figure is a handful of GetItems, whatever the number of entries).
 */
export async function periodCounts(
  assignmentIds: string[],
  now: Date,
  seriesDays = 0,
): Promise<Map<string, PeriodCounts>> {
  const p = periodsOf(now);
  const days = seriesDays > 0 ? lastDays(now, seriesDays) : [];
  const wanted = assignmentIds.flatMap((owner) => [
    { owner, period: 'D' as const, value: p.day },
    { owner, period: 'W' as const, value: p.week },
    { owner, period: 'M' as const, value: p.month },
    { owner, period: 'Y' as const, value: p.year },
    ...days.map((value) => ({ owner, period: 'D' as const, value })),
  ]);
  const values = await readCounters(wanted);
  const per = 4 + days.length;
  return new Map(
    assignmentIds.map((id, i) => {
      const [day, week, month, year, ...series] = values.slice(i * per, (i + 1) * per) as [
        CounterValues,
        CounterValues,
        CounterValues,
        CounterValues,
        ...CounterValues[],
      ];
      return [id, { day, week, month, year, series }];
    }),
  );
}

/** Daily points of a series (several assignments' series added day by day). */
export function seriesPoints(now: Date, seriesDays: number, series: CounterValues[][]): DailyPoint[] {
  return lastDays(now, seriesDays).map((day, i) => {
    const total = series.reduce(
      (sum, one) => ({
        entries: sum.entries + (one[i]?.entries ?? 0),
        lrd: sum.lrd + (one[i]?.lrdCents ?? 0),
        usd: sum.usd + (one[i]?.usdCents ?? 0),
      }),
      { entries: 0, lrd: 0, usd: 0 },
    );
    return { day, entries: total.entries, lrd: formatMoney(total.lrd), usd: formatMoney(total.usd) };
  });
}
