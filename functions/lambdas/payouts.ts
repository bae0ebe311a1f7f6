import { payoutEndpoints } from '@shared/api/endpoints/payouts';
import { createHttpApp } from '../platform/http-app';
import { registerPayoutRoutes } from '../modules/payouts';
import { staffSessions } from '../modules/staff';

/**
 * The payouts Lambda: a super admin's pay partner, pay announcer, payouts
 * list and retry (shared/api/endpoints/payouts.ts), apart from the admin
 * Lambda: only it sends a balance's transfer, and the admin bundle stays
 * within its 500 KB (DESIGN section 9).
 */
const app = createHttpApp('payouts', staffSessions, payoutEndpoints);
registerPayoutRoutes(app);

export const handler = app.handler;
export const implementedRoutes = app.implemented;
