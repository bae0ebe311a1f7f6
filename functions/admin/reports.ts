import { reportLinesQuery, reportQuery, sealsQuery, type ReportLinesResponse, type ReportResponse, type SealsResponse } from '../../shared/api/schemas/reports';
import { messages } from '../../shared/messages';
import { formatMoney, type Currency } from '../../shared/money';
import { counterPeriodOf, monthsOf, reportDrawOf, reportPeriod, type ReportPeriod } from '../domain/report';
import { badRequest } from '../lib/errors';
import { reply, type HttpApp } from '../lib/http-app';
import { validate } from '../lib/validate';
import { readReport, readYearToDate } from '../reports/read-report';
import { labelsOf, reportCsv, reportView } from '../reports/report-view';
import { verifySealedMonth } from '../reports/seal-days';
import { listAssignments } from '../store/assignments';
import { readCounters } from '../store/counters';
import { drawsBetween } from '../store/dashboard-reads';
import { paidEntriesPage } from '../store/report-reads';
import { sealedReportsBetween } from '../store/sealed-reports';

/**
 * Regulator and tax reports (DESIGN section 4 "Tax"). Routes:
 * shared/api/routes/admin-reports.ts (super admins only).
 */
export function register(app: HttpApp): void {
  app.on('report', async (request): Promise<ReportResponse> => fullReport(periodOf(request.query)));

  app.on('reportCsv', async (request) => {
    const view = await fullReport(periodOf(request.query));
    return reply(200, reportCsv(view), { contentType: 'text/csv; charset=utf-8' });
  });

  app.on('reportLines', async (request): Promise<ReportLinesResponse> => {
    const query = validate(reportLinesQuery, request.query);
    const period = periodOf(query);
    if (query.scope !== 'all' && !query.key) throw badRequest(messages.reports.badScope, { key: 'Required' });
    const inScope = (item: { promotionId: string; partnerId: string }) =>
      query.scope === 'all' || (query.scope === 'game' ? item.promotionId : item.partnerId) === query.key;
    return query.figure === 'stakes'
      ? stakeLines(period, inScope, query.currency, query.limit, query.cursor)
      : prizeLines(period, inScope, query.currency, query.limit, query.cursor);
  });

  app.on('reportSeals', async (request): Promise<SealsResponse> => {
    const { month } = validate(sealsQuery, request.query);
    if (!reportPeriod('month', month)) throw badRequest(messages.reports.badPeriod, { month: 'A month such as 2026-11' });
    return { month, ...(await verifySealedMonth(month)) };
  });
}

function periodOf(query: unknown): ReportPeriod {
  const { period, value } = validate(reportQuery, query, messages.reports.badPeriod);
  const found = reportPeriod(period, value);
  if (!found) throw badRequest(messages.reports.badPeriod, { value: messages.reports.badPeriod });
  return found;
}

async function fullReport(period: ReportPeriod): Promise<ReportResponse> {
  const [report, yearToDate, seal] = await Promise.all([
    readReport(period),
    readYearToDate(period),
    period.kind === 'day' ? sealedReportsBetween(period.value, period.value).then((found) => found[0]) : Promise.resolve(undefined),
  ]);
  return reportView(report, await labelsOf(report), yearToDate, seal);
}

/** The paid entries a stakes figure sums: only assignments whose period counter holds stakes in that currency are read. */
async function stakeLines(
  period: ReportPeriod,
  inScope: (item: { promotionId: string; partnerId: string }) => boolean,
  currency: Currency,
  limit: number,
  cursor: string | undefined,
): Promise<ReportLinesResponse> {
  const assignments = (await listAssignments()).filter(inScope);
  const counters = await readCounters(assignments.map((a) => ({ owner: a.id, period: counterPeriodOf(period.kind), value: period.value })));
  const withStakes = assignments.filter((_, i) => (currency === 'LRD' ? counters[i]!.lrdCents : counters[i]!.usdCents) > 0);
  const segments = withStakes.flatMap((a) => monthsOf(period).map((month) => ({ assignmentId: a.id, month })));
  const page = await paidEntriesPage(segments, { fromIso: period.from, toIso: period.to }, currency, limit, cursor);
  return {
    items: page.items.map((line) => ({
      kind: 'entry' as const,
      id: line.entryId,
      at: line.paidAt,
      currency: line.currency,
      amount: formatMoney(line.amountCents),
      assignmentId: line.assignmentId,
      promotionId: line.promotionId,
      partnerId: line.partnerId,
      mobileNumber: line.msisdn,
    })),
    pageTotal: formatMoney(page.items.reduce((sum, line) => sum + line.amountCents, 0)),
    cursor: page.cursor,
  };
}

/** The draws a prizes figure sums (prizes are LRD: a USD figure has none); a period's draws are few, paged by position. */
async function prizeLines(
  period: ReportPeriod,
  inScope: (item: { promotionId: string; partnerId: string }) => boolean,
  currency: Currency,
  limit: number,
  cursor: string | undefined,
): Promise<ReportLinesResponse> {
  const offset = cursor === undefined ? 0 : /^\d{1,6}$/.test(cursor) ? Number(cursor) : NaN;
  if (!Number.isInteger(offset)) throw badRequest('Invalid cursor.');
  const draws =
    currency === 'LRD'
      ? (await drawsBetween(period.from, period.to)).filter((draw) => inScope(draw) && reportDrawOf(draw, period.to).prizeLrdCents > 0)
      : [];
  const shown = draws.slice(offset, offset + limit);
  const items = shown.map((draw) => {
    const counted = reportDrawOf(draw, period.to);
    return {
      kind: 'draw' as const,
      id: draw.id,
      at: draw.drawnAt,
      currency: 'LRD' as const,
      amount: formatMoney(counted.prizeLrdCents),
      assignmentId: draw.assignmentId,
      promotionId: draw.promotionId,
      partnerId: draw.partnerId,
      paid: counted.paid,
    };
  });
  return {
    items,
    pageTotal: formatMoney(shown.reduce((sum, draw) => sum + reportDrawOf(draw, period.to).prizeLrdCents, 0)),
    cursor: offset + limit < draws.length ? String(offset + limit) : null,
  };
}
