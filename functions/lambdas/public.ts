import { publicDrawEndpoints } from '@shared/api/endpoints/public-draws';
import { onAirEndpoints } from '@shared/api/endpoints/on-air';
import { platformEndpoints } from '@shared/api/endpoints/platform';
import { myTicketsEndpoints } from '@shared/api/endpoints/my-tickets';
import { playEndpoints } from '@shared/api/endpoints/play';
import { publicSiteEndpoints } from '@shared/api/endpoints/site-content';
import { messages } from '@shared/messages';
import { normalizeMobileNumber } from '@shared/phone';
import { devOutbox } from '../integrations/sms/dev-outbox';
import { ApiError } from '../platform/errors';
import { createHttpApp } from '../platform/http-app';
import { tableReachable } from '../platform/store/health';
import { registerDrawCodeRoutes, registerPublicDrawRoutes } from '../modules/draws';
import { registerEntryOptionRoutes } from '../modules/games';
import { registerPublicSiteRoutes } from '../modules/catalog';
import { registerMyTicketsRoutes, registerPlayRoutes } from '../modules/entries';
import { staffSessions } from '../modules/staff';

const app = createHttpApp(
  'public',
  staffSessions,
  publicDrawEndpoints,
  onAirEndpoints,
  platformEndpoints,
  playEndpoints,
  myTicketsEndpoints,
  publicSiteEndpoints,
);

app.on('health', async () => {
  if (!(await tableReachable())) throw new ApiError(503, messages.http.databaseUnreachable);
  return { status: 'ok' };
});

/** Local stack only (the guard 404s it elsewhere): the SMS the gateway took, optionally for one number. */
app.on('devSmsOutbox', async (request) => {
  const to = request.query.to ? (normalizeMobileNumber(request.query.to) ?? undefined) : undefined;
  return { messages: await devOutbox(100, to) };
});

registerEntryOptionRoutes(app);
registerPlayRoutes(app);
registerMyTicketsRoutes(app);
registerPublicDrawRoutes(app);
registerDrawCodeRoutes(app);
registerPublicSiteRoutes(app);

export const handler = app.handler;
export const implementedRoutes = app.implemented;
