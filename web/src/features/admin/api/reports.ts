/** Regulator and tax reports (DESIGN section 4 "Tax"; shared/api/routes/admin-reports.ts). */
import { pathOf, routes } from '@shared/api/routes';
import type { ReportLinesResponse, ReportResponse, SealsResponse } from '@shared/api/schemas/reports';
import { isoWeekOf } from '@shared/periods';
import { ApiError, apiGet } from '@web/lib/api-client';

export type PeriodKind = ReportResponse['period']['kind'];

const withQuery = (path: string, params: Record<string, string | number | undefined>) =>
  `${path}?${new URLSearchParams(Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString()}`;

export const fetchReport = (adminId: string, period: PeriodKind, value: string, signal?: AbortSignal) =>
  apiGet<ReportResponse>(withQuery(pathOf(routes.report, { id: adminId }), { period, value }), signal);

export interface LinesRequest {
  period: PeriodKind;
  value: string;
  figure: 'stakes' | 'prizes';
  scope: 'game' | 'partner' | 'all';
  key?: string;
  currency: 'LRD' | 'USD';
  cursor?: string;
}

export const fetchReportLines = (adminId: string, request: LinesRequest) =>
  apiGet<ReportLinesResponse>(withQuery(pathOf(routes.reportLines, { id: adminId }), { ...request, limit: 50 }));

export const fetchSeals = (adminId: string, month: string) =>
  apiGet<SealsResponse>(withQuery(pathOf(routes.reportSeals, { id: adminId }), { month }));

/** The report as CSV, saved by the browser under a name that says the period. */
export async function downloadReportCsv(adminId: string, period: PeriodKind, value: string): Promise<void> {
  const response = await fetch(withQuery(pathOf(routes.reportCsv, { id: adminId }), { period, value }), {
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
