import { buildReport, yearToDateSpan, type Report, type ReportPeriod } from '../domain/report';
import { PLATFORM, readPlatformCounters, readWinnerCounters, sumCounterValues } from '../store/counters';
import { gameLedgerLinesBetween } from '../store/game-ledger';

/**
 * A period's report from its game-ledger lines (functions/store/game-ledger.ts):
 * a few queries per day of the period, every figure the sum of lines that
 * can be listed (DESIGN section 4 "Tax").
 */
export async function readReport(period: ReportPeriod): Promise<Report> {
  return buildReport(period, await gameLedgerLinesBetween(period.from, period.to));
}

/** The year to date at the period's end, LRD values: the platform's month and day counters (a fixed number of reads). */
export async function readYearToDate(
  period: ReportPeriod,
): Promise<{ stakesValueLrdCents: number; prizesLrdCents: number }> {
  const span = yearToDateSpan(period);
  const wanted = [
    ...span.months.map((value) => ({ period: 'M' as const, value })),
    ...span.days.map((value) => ({ period: 'D' as const, value })),
  ];
  const [stakes, winners] = await Promise.all([
    readPlatformCounters(wanted),
    readWinnerCounters(wanted.map((w) => ({ owner: PLATFORM, ...w }))),
  ]);
  return {
    stakesValueLrdCents: sumCounterValues(stakes).valueLrdCents,
    prizesLrdCents: winners.reduce((sum, w) => sum + w.prizesLrdCents, 0),
  };
}
