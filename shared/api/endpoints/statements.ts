import { ANNOUNCER_SELF, PARTNER_SELF } from '../access';
import { route, type RouteSpec } from '../route-spec';

/**
 * A partner's or announcer's own statement (spec section 7 "Partner",
 * "Announcer"): the path's id must be the session's own (ownPathId). Served
 * by the partner and announcer Lambdas, which parse no request here.
 */
export const statementEndpoints = {
  partnerStatement: route('GET', '/api/v1/partner/:id/statement', 'partner', PARTNER_SELF),
  announcerStatement: route('GET', '/api/v1/announcer/:id/statement', 'announcer', ANNOUNCER_SELF),
} as const satisfies Record<string, RouteSpec>;
