import { adminAccountEndpoints } from '@shared/api/endpoints/admin-accounts';
import { createHttpApp } from '../platform/http-app';
import { registerAccountRoutes, registerRegulatorAccountRoutes, staffSessions } from '../modules/staff';

/**
 * The admin accounts Lambda (shared/api/endpoints/admin-accounts.ts): apart from
 * the admin Lambda, whose bundle is at its size budget (DESIGN section 9).
 */
const app = createHttpApp('accounts', staffSessions, adminAccountEndpoints);
registerAccountRoutes(app);
registerRegulatorAccountRoutes(app);

export const handler = app.handler;
export const implementedRoutes = app.implemented;
