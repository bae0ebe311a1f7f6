import { buildReport, yearToDateSpan, type Report, type ReportPeriod } from './report';
import type { RevenueParts } from './gross-gaming-revenue';
import {
  PLATFORM,
  readPlatformCounters,
  readRefundedValue,
  readWinnerCounters,
  sumCounterValues,
  gameLedgerLinesBetween,
} from '../ledger';

/**
 * A period's report from its game-ledger lines (functions/modules/ledger/store/game-ledger.ts):
 * a few queries per day of the period, every figure the sum of lines that
 * can be listed (DESIGN section 4 "Tax").
 */
export async function readReport(period: ReportPeriod): Promise<Report> {
  return buildReport(period, await gameLedgerLinesBetween(period.from, period.to));
}

/**
 * The year to date at the period's end, LRD values: the platform's, the refunds' and the winners' month and
 * day counters (a fixed number of reads), each kept in the transaction of the ledger line it sums.
 */
export async function readYearToDate(period: ReportPeriod): Promise<RevenueParts> {
  const span = yearToDateSpan(period);
  const wanted = [
    ...span.months.map((value) => ({ period: 'M' as const, value })),
    ...span.days.map((value) => ({ period: 'D' as const, value })),
  ];
  const [stakes, refunds, winners] = await Promise.all([
    readPlatformCounters(wanted),
    readRefundedValue(wanted),
    readWinnerCounters(wanted.map((w) => ({ owner: PLATFORM, ...w }))),
  ]);
  return {
    stakesLrdCents: sumCounterValues(stakes).valueLrdCents,
    refundsLrdCents: refunds.reduce((sum, value) => sum + value, 0),
    prizesLrdCents: winners.reduce((sum, w) => sum + w.prizesLrdCents, 0),
  };
}
