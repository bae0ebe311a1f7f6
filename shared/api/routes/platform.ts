import { LOCAL_ONLY, PUBLIC } from '../access';
import { route, type RouteSpec } from '../route-spec';
import { healthResponse, smsOutboxResponse } from '../schemas/platform';

/** Platform routes: health, and the local stack's own tools. */
export const platformRoutes = {
  health: route('GET', '/api/v1/health', 'public', PUBLIC, { response: healthResponse }),
  /** The SMS outbox (DESIGN section 2): local stack only, never deployed; `?to=` picks one number. */
  devSmsOutbox: route('GET', '/api/v1/dev/sms', 'public', LOCAL_ONLY, { response: smsOutboxResponse }),
} as const satisfies Record<string, RouteSpec>;
