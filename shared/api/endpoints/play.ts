import { HOUSE_GAMES, houseEntryPath, houseGame, houseTicketVerificationPath, type HouseGameKind } from '../../games';
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

type HouseRouteRole = keyof (typeof houseGame)[HouseGameKind]['routes'];

/**
 * One route per house game (shared/games.ts), named as its facts name it:
 * `spec(kind)` for each. Their handlers are shared (functions/modules/entries/play-http.ts).
 */
export function perHouseGame<const R extends HouseRouteRole, const S>(
  role: R,
  spec: (kind: HouseGameKind) => S,
): { readonly [K in HouseGameKind as (typeof houseGame)[K]['routes'][R]]: S } {
  return Object.fromEntries(HOUSE_GAMES.map((kind) => [houseGame[kind].routes[role], spec(kind)])) as never;
}

/** Playing the house games and partner promotions (spec section 7 "Public"). */
export const playEndpoints = {
  ...perHouseGame('entryOptions', (kind) => route('GET', houseEntryPath(kind), 'public', PUBLIC)),
  /** The house games as configured: draw times, prices, prizes, the live jackpot and the next draws. */
  publicHouseGames: route('GET', '/api/v1/public/house-games', 'public', PUBLIC),
  ...perHouseGame('entry', (kind) => route('POST', houseEntryPath(kind), 'public', PUBLIC, houseEntry)),
  /** A partner promotion by its shared code. */
  codeEntry: route('POST', '/api/v1/entries', 'public', PUBLIC, {
    required: fillOutAll(['mobile_number', 'shared_code', 'currency']),
    body: codeEntryRequest,
  }),
  entryStatus: route('GET', '/api/v1/entries/:entry_id', 'public', PUBLIC),
  // either box answers any game's ticket (the player need not know which box is whose)
  ...perHouseGame('ticketVerification', (kind) =>
    route('POST', houseTicketVerificationPath(kind), 'public', PUBLIC, ticketVerification),
  ),
} as const satisfies Record<string, RouteSpec>;
