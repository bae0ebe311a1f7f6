import { PARTNER_SELF } from '../access';
import { route, type RouteSpec } from '../route-spec';

/** The partner portal's own reads (spec section 7 "Partner"), served by the partner Lambda. */
export const partnerEndpoints = {
  /** A partner's or announcer's own statement: the path's id must be the session's own (ownPathId). */
  partnerStatement: route('GET', '/api/v1/partner/:id/statement', 'partner', PARTNER_SELF),
} as const satisfies Record<string, RouteSpec>;
