/** Regulator and tax reports (DESIGN section 4 "Tax"; shared/api/routes/admin-reports.ts). */
import { queryOptions } from '@tanstack/react-query';
import type { QueryIn } from '@shared/api/route-spec';
import { adminReportRoutes as routes } from '@shared/api/routes/admin-reports';
import type { PERIOD_KINDS } from '@shared/api/schemas/reports';
import { isoWeekOf } from '@shared/periods';
import { ApiError } from '@web/lib/api-client';
import { callRoute, routeUrl } from '@web/lib/api-routes';

export type PeriodKind = (typeof PERIOD_KINDS)[number];

const fetchReport = (adminId: string, period: PeriodKind, value: string, signal?: AbortSignal) =>
  callRoute(routes.report, { id: adminId }, { query: { period, value }, signal });

/** A period's report (the Reports screen, and the Tax Analytics form filled in from it: one cache entry). */
export const reportQuery = (adminId: string, period: PeriodKind, value: string) =>
  queryOptions({
    queryKey: ['report', adminId, period, value],
    queryFn: ({ signal }) => fetchReport(adminId, period, value, signal),
  });

/** The lines one figure sums (a page of 50 at a time). */
export type LinesRequest = Omit<QueryIn<typeof routes.reportLines>, 'limit'>;

export const fetchReportLines = (adminId: string, request: LinesRequest, signal?: AbortSignal) =>
  callRoute(routes.reportLines, { id: adminId }, { query: { ...request, limit: 50 }, signal });

/** The first page of a figure's lines (Load more appends to it in the cache). */
export const reportLinesQuery = (adminId: string, request: LinesRequest) =>
  queryOptions({
    queryKey: ['report-lines', adminId, request],
    queryFn: ({ signal }) => fetchReportLines(adminId, request, signal),
  });

export const fetchSeals = (adminId: string, month: string) =>
  callRoute(routes.reportSeals, { id: adminId }, { query: { month } });

/**
 * The report as CSV (text/csv, not JSON: fetched as a file, not through callRoute), saved by the
 * browser under a name that says the period.
 */
export async function downloadReportCsv(adminId: string, period: PeriodKind, value: string): Promise<void> {
  const response = await fetch(routeUrl(routes.reportCsv, { id: adminId }, { period, value }), {
    credentials: 'same-origin',
  });
  if (!response.ok) throw new ApiError(response.status, null);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `report-${period}-${value}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** Today's GMT day, ISO week or month (DESIGN section 1: a day is a UTC day), the picker's default. */
export function currentPeriodValue(kind: PeriodKind, now: Date = new Date()): string {
  const iso = now.toISOString();
  if (kind === 'day') return iso.slice(0, 10);
  if (kind === 'month') return iso.slice(0, 7);
  return isoWeekOf(now);
}
