import { drawEndpoints } from '@shared/api/endpoints/draws';
import { statementEndpoints } from '@shared/api/endpoints/statements';
import { createHttpApp } from '../lib/http-app';
import { register as registerDraw } from './draw';
import { registerStatement } from '../payouts/statement';

/**
 * The announcer Lambda (spec "Announcer dashboard"): one app, its routes
 * registered by area modules beside this file.
 */
const app = createHttpApp('announcer', drawEndpoints, statementEndpoints);
registerDraw(app);
registerStatement(app, 'announcerStatement');

export const handler = app.handler;
export const implementedRoutes = app.implemented;
