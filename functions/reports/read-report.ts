import { isHousePromotion } from '../../shared/house-games';
import {
  buildReport,
  counterPeriodOf,
  reportDrawOf,
  yearToDateSpan,
  type AssignmentInput,
  type Game,
  type Report,
  type ReportDraw,
  type ReportPeriod,
} from '../domain/report';
import { listAssignments, type Assignment } from '../store/assignments';
import { PLATFORM, readCounters, readPlatformCounters, readWinnerCounters, sumCounterValues } from '../store/counters';
import { drawsBetween } from '../store/dashboard-reads';

/**
 * A period's report from what the platform already keeps (DESIGN section
 * 9: reports read counters, never scan entries): every assignment's period
 * counter (one BatchGet; assignments with paid entries are never deleted,
 * so none is missed) and the period's draws (the DRAWS index by time).
 */
export async function readReport(period: ReportPeriod): Promise<Report> {
  const { inputs, draws } = await readReportSources(period);
  return buildReport(period, inputs, draws);
}

export const gameOf = (assignment: Pick<Assignment, 'kind' | 'promotionId'>): Game =>
  assignment.kind === 'house' && isHousePromotion(assignment.promotionId) ? (assignment.promotionId as Game) : 'partner';

export async function readReportSources(period: ReportPeriod): Promise<{ assignments: Assignment[]; inputs: AssignmentInput[]; draws: ReportDraw[] }> {
  const assignments = await listAssignments();
  const [counters, draws] = await Promise.all([
    readCounters(assignments.map((a) => ({ owner: a.id, period: counterPeriodOf(period.kind), value: period.value }))),
    drawsBetween(period.from, period.to),
  ]);
  const inputs = assignments.map(
    (a, i): AssignmentInput => ({
      assignmentId: a.id,
      partnerId: a.partnerId,
      promotionId: a.promotionId,
      game: gameOf(a),
      lrdCents: counters[i]!.lrdCents,
      usdCents: counters[i]!.usdCents,
      valueLrdCents: counters[i]!.valueLrdCents,
    }),
  );
  return { assignments, inputs, draws: draws.map((draw) => reportDrawOf(draw, period.to)) };
}

/** The year to date at the period's end, LRD values: the platform's month and day counters (a fixed number of reads). */
export async function readYearToDate(period: ReportPeriod): Promise<{ stakesValueLrdCents: number; prizesLrdCents: number }> {
  const span = yearToDateSpan(period);
  const wanted = [...span.months.map((value) => ({ period: 'M' as const, value })), ...span.days.map((value) => ({ period: 'D' as const, value }))];
  const [stakes, winners] = await Promise.all([
    readPlatformCounters(wanted),
    readWinnerCounters(wanted.map((w) => ({ owner: PLATFORM, ...w }))),
  ]);
  return {
    stakesValueLrdCents: sumCounterValues(stakes).valueLrdCents,
    prizesLrdCents: winners.reduce((sum, w) => sum + w.prizesLrdCents, 0),
  };
}
