import { messages } from '../../messages';
import { PUBLIC } from '../access';
import { requiredWith, route, type RouteSpec } from '../route-spec';
import { codeEntryRequest, houseEntryRequest, ticketVerificationRequest } from '../schemas/play';

const fillOutAll = requiredWith(messages.validation.fillOutAllFields);

const houseEntry = {
  required: fillOutAll(['mobile_number', 'amount']),
  body: houseEntryRequest,
} as const;

const ticketVerification = {
  required: { fields: ['ticket_number'], message: messages.ticketCheck.enterNumber },
  body: ticketVerificationRequest,
} as const;

/** Playing the house games and partner promotions (spec section 7 "Public"). */
export const playEndpoints = {
  dailyDrawEntryOptions: route('GET', '/api/v1/daily-draw/entry', 'public', PUBLIC),
  jackpotEntryOptions: route('GET', '/api/v1/jackpot/entry', 'public', PUBLIC),
  /** The house games as configured: draw times, prices, prizes, the live jackpot and the next draws. */
  publicHouseGames: route('GET', '/api/v1/public/house-games', 'public', PUBLIC),
  dailyDrawEntry: route('POST', '/api/v1/daily-draw/entry', 'public', PUBLIC, houseEntry),
  jackpotEntry: route('POST', '/api/v1/jackpot/entry', 'public', PUBLIC, houseEntry),
  /** A partner promotion by its shared code. */
  codeEntry: route('POST', '/api/v1/entries', 'public', PUBLIC, {
    required: fillOutAll(['mobile_number', 'shared_code', 'currency']),
    body: codeEntryRequest,
  }),
  entryStatus: route('GET', '/api/v1/entries/:entry_id', 'public', PUBLIC),
  dailyTicketVerification: route(
    'POST',
    '/api/v1/daily-draw/ticket/verification',
    'public',
    PUBLIC,
    ticketVerification,
  ),
  jackpotTicketVerification: route('POST', '/api/v1/jackpot/ticket/verification', 'public', PUBLIC, ticketVerification),
} as const satisfies Record<string, RouteSpec>;
