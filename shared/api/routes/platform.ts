import { platformEndpoints } from '../endpoints/platform';
import { withAnswers } from '../route-spec';
import { healthResponse, smsOutboxResponse } from '../schemas/platform';

/** platformEndpoints with the schema of each route's 2xx answer: the typed contract callers use. */
export const platformRoutes = withAnswers(platformEndpoints, {
  health: healthResponse,
  devSmsOutbox: smsOutboxResponse,
});
