import { drawRoutes } from '@shared/api/routes/draws';
import { payoutRoutes } from '@shared/api/routes/payouts';
import { createHttpApp } from '../lib/http-app';
import { register as registerDraw } from './draw';
import { registerStatement } from '../payouts/statement';

/**
 * The announcer Lambda (spec "Announcer dashboard"): one app, its routes
 * registered by area modules beside this file.
 */
const app = createHttpApp('announcer', drawRoutes, payoutRoutes);
registerDraw(app);
registerStatement(app, 'announcerStatement');

export const handler = app.handler;
export const implementedRoutes = app.implemented;
