import { messages } from '../../messages';
import { PUBLIC, USSD, WEBHOOK } from '../access';
import { requiredWith, route, type RouteSpec } from '../route-spec';
import { CALLBACK_PATHS } from './callback-paths';
import {
  callbackReceipt,
  codeEntryRequest,
  entryAccepted,
  entryOptionsResponse,
  entryStatusResponse,
  houseEntryRequest,
  publicHouseGames,
  ticketVerificationRequest,
  ticketVerificationResponse,
  ussdAnswer,
} from '../schemas/play';

const fillOutAll = requiredWith(messages.validation.fillOutAllFields);

const houseEntry = {
  required: fillOutAll(['mobile_number', 'amount']),
  body: houseEntryRequest,
  response: entryAccepted,
} as const;

const ticketVerification = {
  required: { fields: ['ticket_number'], message: messages.ticketCheck.enterNumber },
  body: ticketVerificationRequest,
  response: ticketVerificationResponse,
} as const;

/**
 * A provider's callback proves only that someone knows the payment's secret
 * URL: its body is never read (a status query decides), so it names none.
 */
const paymentCallback = { response: callbackReceipt } as const;

/** Playing the house games and partner promotions (spec section 7 "Public"). */
export const playRoutes = {
  dailyDrawEntryOptions: route('GET', '/api/v1/daily-draw/entry', 'public', PUBLIC, {
    response: entryOptionsResponse,
  }),
  jackpotEntryOptions: route('GET', '/api/v1/jackpot/entry', 'public', PUBLIC, { response: entryOptionsResponse }),
  /** The house games as configured: draw times, prices, prizes, the live jackpot and the next draws. */
  publicHouseGames: route('GET', '/api/v1/public/house-games', 'public', PUBLIC, { response: publicHouseGames }),
  dailyDrawEntry: route('POST', '/api/v1/daily-draw/entry', 'public', PUBLIC, houseEntry),
  jackpotEntry: route('POST', '/api/v1/jackpot/entry', 'public', PUBLIC, houseEntry),
  /** A partner promotion by its shared code. */
  codeEntry: route('POST', '/api/v1/entries', 'public', PUBLIC, {
    required: fillOutAll(['mobile_number', 'shared_code', 'currency']),
    body: codeEntryRequest,
    response: entryAccepted,
  }),
  entryStatus: route('GET', '/api/v1/entries/:entry_id', 'public', PUBLIC, { response: entryStatusResponse }),
  dailyTicketVerification: route(
    'POST',
    '/api/v1/daily-draw/ticket/verification',
    'public',
    PUBLIC,
    ticketVerification,
  ),
  jackpotTicketVerification: route('POST', '/api/v1/jackpot/ticket/verification', 'public', PUBLIC, ticketVerification),

  /** MoMo callbacks arrive by PUT or POST; the path carries the per-payment secret (DESIGN section 7). */
  momoCallbackPut: route('PUT', CALLBACK_PATHS.momoPayment, 'webhooks', WEBHOOK, paymentCallback),
  momoCallbackPost: route('POST', CALLBACK_PATHS.momoPayment, 'webhooks', WEBHOOK, paymentCallback),
  /** Orange Money POSTs its notification to the payment's notifUrl, which carries the same per-payment secret. */
  orangeNotification: route('POST', CALLBACK_PATHS.orangePayment, 'webhooks', WEBHOOK, paymentCallback),

  /**
   * USSD gateways (Africa's Talking convention), one per network; `?key=` is
   * the gateway's secret. Their body is form-encoded, read from the raw text
   * by the handler, so the route names no JSON body.
   */
  ussd: route('POST', '/api/v1/ussd/:server', 'ussd', USSD, { response: ussdAnswer }),
} as const satisfies Record<string, RouteSpec>;
