import { ADMIN_SELF, SUPPORT_SELF } from '../access';
import { route, type RouteSpec } from '../route-spec';
import { excludeBody, exclusionQuery, liftBody } from '../schemas/players';

/**
 * Players' self-exclusion by an admin (DESIGN section 7):
 * any admin, as support does it when a player asks (or must be kept out);
 * every change is audit-logged. A Lambda of its own ('players'): the admin
 * bundle stays within its 500 KB (DESIGN section 9), and it calls no provider.
 */
export const adminPlayerEndpoints = {
  /** ?mobile_number=…: whether and until when a number is excluded. */
  playerExclusion: route('GET', '/api/v1/admin/:id/players/exclusion', 'players', ADMIN_SELF, {
    query: exclusionQuery,
  }),
  /** Every number excluded now (by its player or an admin), newest first: the list support works from. */
  playerExclusions: route('GET', '/api/v1/admin/:id/players/exclusions', 'players', ADMIN_SELF),
  /** {mobile_number, period: 1-month | 6-months | permanent}: exclude it from now, for that long. */
  excludePlayer: route('PUT', '/api/v1/admin/:id/players/exclusion', 'players', ADMIN_SELF, {
    body: excludeBody,
  }),
  /** {mobile_number}: lift its exclusion, whoever set it. */
  liftPlayerExclusion: route('POST', '/api/v1/admin/:id/players/exclusion/lift', 'players', ADMIN_SELF, {
    body: liftBody,
  }),
  /**
   * Send a failed SMS again (DESIGN section 8: every SMS we owe can be resent
   * by staff; the support desk calls it): owed again and due now, sent by the
   * SMS retry job within a minute; audit-logged. Idempotent: an SMS already
   * sent or still owed is left as it is. The support desk's permission (DESIGN section 7).
   */
  resendSms: route('POST', '/api/v1/admin/:id/sms/:smsId/resend', 'players', SUPPORT_SELF),
} as const satisfies Record<string, RouteSpec>;
