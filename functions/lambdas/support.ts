import { supportEndpoints } from '@shared/api/endpoints/support';
import { createHttpApp } from '../platform/http-app';
import { registerExportRoutes, registerSupportDeskRoutes } from '../modules/support';
import { staffSessions } from '../modules/staff';

/**
 * The support Lambda: the support desk (look-ups, a player's story, re-asking
 * a provider, refunding a debit without a ticket, resending SMS, exclusions,
 * the complaint log) and the CSV exports (shared/api/endpoints/support.ts).
 * Its own: it calls the providers, which the admin and players Lambdas never do.
 */
const app = createHttpApp('support', staffSessions, supportEndpoints);
registerSupportDeskRoutes(app);
registerExportRoutes(app);

export const handler = app.handler;
export const implementedRoutes = app.implemented;
