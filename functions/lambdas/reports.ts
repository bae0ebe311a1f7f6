import { adminReportEndpoints } from '@shared/api/endpoints/admin-reports';
import { regulatorEndpoints } from '@shared/api/endpoints/regulator';
import { createHttpApp } from '../platform/http-app';
import { registerRegulatorRoutes, registerReportRoutes } from '../modules/reports';
import { staffSessions } from '../modules/staff';

/**
 * The reports Lambda: the regulator and tax reports of the admin portal
 * (shared/api/endpoints/admin-reports.ts) and the regulator's window
 * (shared/api/endpoints/regulator.ts), apart from the admin Lambda because
 * a report reads a whole period's ledger lines.
 */
const app = createHttpApp('reports', staffSessions, { ...adminReportEndpoints, ...regulatorEndpoints });
registerReportRoutes(app);
registerRegulatorRoutes(app);

export const handler = app.handler;
export const implementedRoutes = app.implemented;
