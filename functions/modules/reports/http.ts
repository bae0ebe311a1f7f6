import type { ReportLinesResponse, ReportQuery } from '@shared/api/schemas/reports';
import { messages } from '@shared/messages';
import { formatMoney, type Currency } from '@shared/money';
import { countedLines, type GameLedgerLine, prizeLinesBetween, stakeLinesPage } from '../ledger';
import { reportPeriod, rowKeyOf, type ReportPeriod } from './report';
import { badRequest } from '../../platform/errors';
import type { HttpApp } from '../../platform/http-app';
import { reply } from '../../platform/http-responses';
import { fullReport } from './full-report';
import { reportCsv } from './report-view';
import { verifySealedMonth } from './seal-days';
import { msisdnsOf } from '../entries';

/**
 * Regulator and tax reports (DESIGN section 4 "Tax"). Routes:
 * shared/api/endpoints/admin-reports.ts (super admins only).
 */
export function registerReportRoutes(app: HttpApp<'reports'>): void {
  app.on('report', async (request) => fullReport(periodOf(request.query)));

  app.on('reportCsv', async (request) => {
    const view = await fullReport(periodOf(request.query));
    return reply(200, reportCsv(view), { contentType: 'text/csv; charset=utf-8' });
  });

  app.on('reportLines', async (request) => {
    const query = request.query;
    const period = periodOf(query);
    if (query.scope !== 'all' && !query.key) throw badRequest(messages.reports.badScope, { key: 'Required' });
    const inScope = (line: GameLedgerLine) => query.scope === 'all' || rowKeyOf(query.scope, line) === query.key;
    return query.figure === 'stakes'
      ? stakeLines(period, inScope, query.currency, query.limit, query.cursor)
      : prizeLines(period, inScope, query.currency, query.limit, query.cursor);
  });

  app.on('reportSeals', async (request) => {
    const { month } = request.query;
    if (!reportPeriod('month', month))
      throw badRequest(messages.reports.badPeriod, { month: 'A month such as 2026-11' });
    return { month, ...(await verifySealedMonth(month)) };
  });
}

/** A period the query's shape allows may still not exist (2087-02-29): the same rule's message. */
function periodOf({ period, value }: ReportQuery): ReportPeriod {
  const found = reportPeriod(period, value);
  if (!found) throw badRequest(messages.reports.badPeriod, { value: messages.reports.badPeriod });
  return found;
}

type Scope = (line: GameLedgerLine) => boolean;

/** The stake lines a stakes figure sums, a page at a time (the period's stake partitions, read in order). */
async function stakeLines(
  period: ReportPeriod,
  inScope: Scope,
  currency: Currency,
  limit: number,
  cursor: string | undefined,
): Promise<ReportLinesResponse> {
  const page = await stakeLinesPage(
    { fromIso: period.from, toIso: period.to },
    (line) => line.currency === currency && inScope(line),
    limit,
    cursor,
  );
  const msisdns = await msisdnsOf(page.items.map((line) => line.ref));
  return {
    items: page.items.map((line) => ({
      kind: 'entry' as const,
      id: line.ref,
      line: line.id,
      at: line.at,
      currency: line.currency,
      amount: formatMoney(line.amountCents),
      assignmentId: line.assignmentId,
      promotionId: line.promotionId,
      partnerId: line.partnerId,
      mobileNumber: msisdns.get(line.ref) ?? '',
    })),
    pageTotal: formatMoney(page.items.reduce((sum, line) => sum + line.amountCents, 0)),
    cursor: page.cursor,
  };
}

/**
 * The prize lines a prizes figure sums, each draw's paid line when its prize was paid in the period,
 * else its awarded (owed) line (countedLines); prizes are LRD, so a USD figure has none. A period's
 * prizes are few: paged by position.
 */
async function prizeLines(
  period: ReportPeriod,
  inScope: Scope,
  currency: Currency,
  limit: number,
  cursor: string | undefined,
): Promise<ReportLinesResponse> {
  const offset = cursor === undefined ? 0 : /^\d{1,6}$/.test(cursor) ? Number(cursor) : NaN;
  if (!Number.isInteger(offset)) throw badRequest(messages.refusals.invalidCursor);
  const counted =
    currency === 'LRD'
      ? countedLines(await prizeLinesBetween(period.from, period.to)).filter(
          (c) => c.as !== 'stakes' && inScope(c.line),
        )
      : [];
  const shown = counted.slice(offset, offset + limit);
  return {
    items: shown.map(({ line, as }) => ({
      kind: 'draw' as const,
      id: line.ref,
      line: line.id,
      at: line.drawnAt ?? line.at,
      currency: 'LRD' as const,
      amount: formatMoney(line.amountCents),
      assignmentId: line.assignmentId,
      promotionId: line.promotionId,
      partnerId: line.partnerId,
      paid: as === 'prizesPaid',
    })),
    pageTotal: formatMoney(shown.reduce((sum, { line }) => sum + line.amountCents, 0)),
    cursor: offset + limit < counted.length ? String(offset + limit) : null,
  };
}
