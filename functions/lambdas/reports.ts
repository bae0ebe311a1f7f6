import { adminReportEndpoints } from '@shared/api/endpoints/admin-reports';
import { createHttpApp } from '../platform/http-app';
import { registerReportRoutes } from '../modules/reports';
import { staffSessions } from '../modules/staff';

/**
 * The reports Lambda: the regulator and tax reports of the admin portal
 * (shared/api/endpoints/admin-reports.ts), apart from the admin Lambda because
 * a report reads a whole period's ledger lines.
 */
const app = createHttpApp('reports', staffSessions, adminReportEndpoints);
registerReportRoutes(app);

export const handler = app.handler;
export const implementedRoutes = app.implemented;
