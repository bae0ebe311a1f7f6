import { USSD } from '../access';
import { route, type RouteSpec } from '../route-spec';

/** The USSD short code (spec section 7 "USSD"; DESIGN section 8), served by the ussd Lambda. */
export const ussdEndpoints = {
  /**
   * USSD gateways (Africa's Talking convention), one per network; `?key=` is
   * the gateway's secret. Their body is form-encoded, read from the raw text
   * by the handler, so the route names no JSON body.
   */
  ussd: route('POST', '/api/v1/ussd/:server', 'ussd', USSD),
} as const satisfies Record<string, RouteSpec>;
