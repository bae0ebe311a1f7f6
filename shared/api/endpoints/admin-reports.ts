import { SUPER_ADMIN_SELF } from '../access';
import { route, type RouteSpec } from '../route-spec';
import { reportLinesQuery, reportQuery, sealsQuery } from '../schemas/reports';

/**
 * Regulator and tax reports (DESIGN section 4 "Tax"): money figures of the
 * whole platform, so super admins only (DESIGN section 1: super admins alone run money).
 * A Lambda of their own: they read a period's ledger lines, and the admin
 * bundle stays within its 500 KB (DESIGN section 9).
 */
export const adminReportEndpoints = {
  /** ?period=day|week|month&value=…: stakes, prizes, GGR and tax per game, per partner and in total. */
  report: route('GET', '/api/v1/admin/:id/reports', 'reports', SUPER_ADMIN_SELF, {
    query: reportQuery,
  }),
  /** The entries or draws one figure sums, a page at a time. */
  reportLines: route('GET', '/api/v1/admin/:id/reports/lines', 'reports', SUPER_ADMIN_SELF, {
    query: reportLinesQuery,
  }),
  /** The report as CSV (text/csv): the browser saves it as a file. */
  reportCsv: route('GET', '/api/v1/admin/:id/reports/csv', 'reports', SUPER_ADMIN_SELF, {
    query: reportQuery,
  }),
  /** ?month=…: every sealed day of the month checked against its seal, the chain and the data. */
  reportSeals: route('GET', '/api/v1/admin/:id/reports/seals', 'reports', SUPER_ADMIN_SELF, {
    query: sealsQuery,
  }),
} as const satisfies Record<string, RouteSpec>;
