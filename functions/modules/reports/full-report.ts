import type { ReportResponse } from '@shared/api/schemas/reports';
import { readReport, readYearToDate } from './read-report';
import type { ReportPeriod } from './report';
import { labelsOf, reportView } from './report-view';
import { sealedReportsBetween } from './store/sealed-reports';

/**
 * A period's report as the screens show it: the one read behind the super
 * admin's Reports and the regulator's live window, so both show the same
 * figures by the same definitions.
 */
export async function fullReport(period: ReportPeriod): Promise<ReportResponse> {
  const [report, yearToDate, seal] = await Promise.all([
    readReport(period),
    readYearToDate(period),
    period.kind === 'day'
      ? sealedReportsBetween(period.value, period.value).then((found) => found[0])
      : Promise.resolve(undefined),
  ]);
  return reportView(report, await labelsOf(report), yearToDate, seal);
}
