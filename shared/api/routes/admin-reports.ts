import * as z from 'zod';
import { adminReportEndpoints } from '../endpoints/admin-reports';
import { withAnswers } from '../route-spec';
import { reportLinesResponse, reportResponse, sealsResponse } from '../schemas/reports';

/** adminReportEndpoints with the schema of each route's 2xx answer: the typed contract callers use. */
export const adminReportRoutes = withAnswers(adminReportEndpoints, {
  report: reportResponse,
  reportLines: reportLinesResponse,
  reportCsv: z.string(),
  reportSeals: sealsResponse,
});
