import { LOCAL_ONLY, PUBLIC } from '../access';
import { route, type RouteSpec } from '../route-spec';

/** Platform routes: health, and the local stack's own tools. */
export const platformEndpoints = {
  health: route('GET', '/api/v1/health', 'public', PUBLIC),
  /** The SMS outbox (DESIGN section 2): local stack only, never deployed; `?to=` picks one number. */
  devSmsOutbox: route('GET', '/api/v1/dev/sms', 'public', LOCAL_ONLY),
} as const satisfies Record<string, RouteSpec>;
