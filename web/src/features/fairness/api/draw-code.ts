import { onAirRoutes as routes } from '@shared/api/routes/on-air';
import { callRoute } from '@web/lib/api-routes';

/** A draw by the code read on air (/d/<code>). */
export const fetchDrawByCode = (code: string, signal?: AbortSignal) =>
  callRoute(routes.publicDrawByCode, { code }, { signal });
