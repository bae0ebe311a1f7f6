import { statementEndpoints } from '@shared/api/endpoints/statements';
import { createHttpApp } from '../platform/http-app';
import { registerStatement } from '../modules/payouts';
import { staffSessions } from '../modules/staff';

/**
 * The partner Lambda (DESIGN section 2: one per domain). The partner's
 * dashboard is the live topic `partner/{id}/dashboard` (functions/realtime);
 * its one route is the partner's own statement. Routes are added as
 * `app.on(...)` from area modules beside this file.
 */
const app = createHttpApp('partner', staffSessions, statementEndpoints);
registerStatement(app, 'partnerStatement');

export const handler = app.handler;
export const implementedRoutes = app.implemented;
