import { drawEndpoints } from '@shared/api/endpoints/draws';
import { onAirEndpoints } from '@shared/api/endpoints/on-air';
import { statementEndpoints } from '@shared/api/endpoints/statements';
import { createHttpApp } from '../platform/http-app';
import { registerAnnouncerDrawRoutes, registerBroadcastRoutes } from '../modules/draws';
import { registerStatement } from '../modules/payouts';
import { staffSessions } from '../modules/staff';

/**
 * The announcer Lambda (spec "Announcer dashboard"): one app, its routes
 * registered by area modules beside this file.
 */
const app = createHttpApp('announcer', staffSessions, drawEndpoints, onAirEndpoints, statementEndpoints);
registerAnnouncerDrawRoutes(app);
registerBroadcastRoutes(app);
registerStatement(app, 'announcerStatement');

export const handler = app.handler;
export const implementedRoutes = app.implemented;
