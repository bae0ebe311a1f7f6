import { ANNOUNCER_SELF, PUBLIC, USSD } from '../access';
import { route, type RouteSpec } from '../route-spec';

/**
 * The on-air draw (issue 36): the announcer's broadcast screen (its state, and the one button that
 * starts the close), and a draw looked up by the code read on air.
 */
export const onAirEndpoints = {
  /** The broadcast screen's step, from the server (a reload resumes there). */
  announcerBroadcast: route('GET', '/api/v1/announcer/:id/broadcast/:shared_code', 'announcer', ANNOUNCER_SELF),
  /** Close the promotion's entries on air: the rest follows from data fixed before the round exists. */
  announcerBroadcastClose: route(
    'POST',
    '/api/v1/announcer/:id/broadcast/:shared_code/close',
    'announcer',
    ANNOUNCER_SELF,
  ),
  /** A draw by its code: the game, entries, close and masked winner. */
  publicDrawByCode: route('GET', '/api/v1/public/draw-codes/:code', 'public', PUBLIC),
  /**
   * Africa's Talking's incoming-message callback (a form POST: from, to, text, date, id, linkId),
   * `?key=` its secret as the USSD gateways'; served beside USSD, as the same listeners' other channel.
   */
  smsIncoming: route('POST', '/api/v1/sms/incoming', 'ussd', USSD),
} as const satisfies Record<string, RouteSpec>;
