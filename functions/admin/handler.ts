import { createHttpApp } from '../lib/http-app';

/**
 * The admin Lambda: one app, its routes registered by area modules beside
 * this file (each exports `register(app)` and owns one routes/ file).
 */
const app = createHttpApp('admin');

export const handler = app.handler;
export const implementedRoutes = app.implemented;
