import { createHttpApp } from '../lib/http-app';

/**
 * The partner Lambda (DESIGN section 2: one per domain). The partner's
 * dashboard is the live topic `partner/{id}/dashboard` (functions/realtime),
 * so the routing table has no partner routes yet; every request here is a
 * 404. Routes are added as `app.on(...)` from area modules beside this file.
 */
const app = createHttpApp('partner');

export const handler = app.handler;
export const implementedRoutes = app.implemented;
