import { drawEndpoints } from '@shared/api/endpoints/draws';
import { payoutEndpoints } from '@shared/api/endpoints/payouts';
import { createHttpApp } from '../lib/http-app';
import { register as registerDraw } from './draw';
import { registerStatement } from '../payouts/statement';

/**
 * The announcer Lambda (spec "Announcer dashboard"): one app, its routes
 * registered by area modules beside this file.
 */
const app = createHttpApp('announcer', drawEndpoints, payoutEndpoints);
registerDraw(app);
registerStatement(app, 'announcerStatement');

export const handler = app.handler;
export const implementedRoutes = app.implemented;
