import { adminPlayerEndpoints } from '@shared/api/endpoints/admin-players';
import { createHttpApp } from '../platform/http-app';
import { registerPlayerRoutes } from '../modules/players';
import { staffSessions } from '../modules/staff';

/**
 * The players Lambda: an admin's exclusion of a mobile number
 * (shared/api/endpoints/admin-players.ts), apart from the admin Lambda so the
 * admin bundle stays within its 500 KB (DESIGN section 9).
 */
const app = createHttpApp('players', staffSessions, adminPlayerEndpoints);
registerPlayerRoutes(app);

export const handler = app.handler;
export const implementedRoutes = app.implemented;
