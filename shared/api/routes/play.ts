import { PUBLIC, USSD, WEBHOOK } from '../access';
import { route, type RouteSpec } from '../route-spec';

/** Playing the house games and partner promotions (spec section 7 "Public"). */
export const playRoutes = {
  dailyDrawEntryOptions: route('GET', '/api/v1/daily-draw/entry', 'public', PUBLIC),
  jackpotEntryOptions: route('GET', '/api/v1/jackpot/entry', 'public', PUBLIC),
  /** The house games as configured: draw times, prices, prizes, the live jackpot and the next draws. */
  publicHouseGames: route('GET', '/api/v1/public/house-games', 'public', PUBLIC),
  dailyDrawEntry: route('POST', '/api/v1/daily-draw/entry', 'public', PUBLIC),
  jackpotEntry: route('POST', '/api/v1/jackpot/entry', 'public', PUBLIC),
  /** A partner promotion by its shared code. */
  codeEntry: route('POST', '/api/v1/entries', 'public', PUBLIC),
  entryStatus: route('GET', '/api/v1/entries/:entry_id', 'public', PUBLIC),
  dailyTicketVerification: route('POST', '/api/v1/daily-draw/ticket/verification', 'public', PUBLIC),
  jackpotTicketVerification: route('POST', '/api/v1/jackpot/ticket/verification', 'public', PUBLIC),

  /** MoMo callbacks arrive by PUT or POST; the path carries the per-payment secret (DESIGN section 7). */
  momoCallbackPut: route('PUT', '/api/v1/webhooks/momo/:reference/:secret', 'webhooks', WEBHOOK),
  momoCallbackPost: route('POST', '/api/v1/webhooks/momo/:reference/:secret', 'webhooks', WEBHOOK),
  /** Orange Money POSTs its notification to the payment's notifUrl, which carries the same per-payment secret. */
  orangeNotification: route('POST', '/api/v1/webhooks/orange/:reference/:secret', 'webhooks', WEBHOOK),

  /** USSD gateways (Africa's Talking convention), one per network; `?key=` is the gateway's secret. */
  ussd: route('POST', '/api/v1/ussd/:server', 'ussd', USSD),
} as const satisfies Record<string, RouteSpec>;
