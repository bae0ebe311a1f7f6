import { drawEndpoints } from '@shared/api/endpoints/draws';
import { createHttpApp } from '../platform/http-app';
import { registerDrawRoutes } from '../modules/draws';
import { staffSessions } from '../modules/staff';

/**
 * The draws Lambda: a super admin's Conduct Draw and Clear Draw
 * (shared/api/endpoints/draws.ts), apart from the admin Lambda: only these
 * admin routes call a provider (the winner's SMS, a cleared draw's refunds
 * and SMS), so only this function reads the integrations secret, and the
 * admin bundle stays within its 500 KB (DESIGN section 9).
 */
const app = createHttpApp('draws', staffSessions, drawEndpoints);
registerDrawRoutes(app);

export const handler = app.handler;
export const implementedRoutes = app.implemented;
