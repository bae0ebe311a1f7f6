import { adminReportRoutes } from '@shared/api/routes/admin-reports';
import { createHttpApp } from '../lib/http-app';
import { register } from './routes';

/**
 * The reports Lambda: the regulator and tax reports of the admin portal
 * (shared/api/routes/admin-reports.ts), apart from the admin Lambda because
 * a report reads a whole period's ledger lines.
 */
const app = createHttpApp('reports', adminReportRoutes);
register(app);

export const handler = app.handler;
export const implementedRoutes = app.implemented;
