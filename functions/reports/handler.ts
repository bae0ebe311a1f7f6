import { adminReportEndpoints } from '@shared/api/endpoints/admin-reports';
import { createHttpApp } from '../lib/http-app';
import { register } from './routes';

/**
 * The reports Lambda: the regulator and tax reports of the admin portal
 * (shared/api/endpoints/admin-reports.ts), apart from the admin Lambda because
 * a report reads a whole period's ledger lines.
 */
const app = createHttpApp('reports', adminReportEndpoints);
register(app);

export const handler = app.handler;
export const implementedRoutes = app.implemented;
