import { HOUSE_GAMES, houseEntryPath, houseTicketVerificationPath, type HouseGameKind } from '../../games';
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

/** Each house game's routes' names in the routing table: tests and tools call them by name. */
export const houseGameRoutes = {
  daily: {
    entryOptions: 'dailyDrawEntryOptions',
    entry: 'dailyDrawEntry',
    ticketVerification: 'dailyTicketVerification',
  },
  jackpot: {
    entryOptions: 'jackpotEntryOptions',
    entry: 'jackpotEntry',
    ticketVerification: 'jackpotTicketVerification',
  },
} as const satisfies Record<HouseGameKind, Record<'entryOptions' | 'entry' | 'ticketVerification', string>>;

type HouseRouteRole = keyof (typeof houseGameRoutes)[HouseGameKind];

/**
 * One route per house game (shared/games.ts), named as `houseGameRoutes` names it:
 * `spec(kind)` for each. Their handlers are shared (functions/modules/entries/play-http.ts).
 */
export function perHouseGame<const R extends HouseRouteRole, const S>(
  role: R,
  spec: (kind: HouseGameKind) => S,
): { readonly [K in HouseGameKind as (typeof houseGameRoutes)[K][R]]: S } {
  return Object.fromEntries(HOUSE_GAMES.map((kind) => [houseGameRoutes[kind][role], spec(kind)])) as never;
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
