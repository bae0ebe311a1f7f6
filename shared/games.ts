/**
 * The games (DESIGN section 3 "Games are a registry", section 4): every kind
 * of game a player can enter, defined once, and the public facts of each that
 * the web and the functions both read. A game's behaviour (price, drawing
 * rule, prize, ticket validity, SMS title, USSD item) is its file in
 * functions/modules/games/kinds/, listed by functions/modules/games/registry.ts.
 *
 * Stored values are these kinds: an entry's, draw's and ledger line's `game`,
 * a promotion's `kind`.
 */
export const GAME_KINDS = ['daily', 'jackpot', 'partner'] as const;
export type GameKind = (typeof GAME_KINDS)[number];

/**
 * What a house game (run by the built-in house partner, drawn on a schedule)
 * shows publicly. Its page is `/<slug>`, its API `/api/v1/<slug>/entry` and
 * `/api/v1/<slug>/ticket/verification` (spec section 7 "Public"), whose
 * routes' names are in shared/api/endpoints/play.ts (out of the home page's bundle).
 */
interface HouseGameFacts {
  readonly title: string;
  /** Its page and API path segment. */
  readonly slug: string;
}

/**
 * The house games' public facts. A game listed here is a house game; the
 * others (partner promotions) have no page of their own: a player enters one
 * by its shared code, and its title is its promotion's.
 */
export const houseGame = {
  daily: {
    title: 'Daily Cash Giveaway',
    slug: 'daily-draw',
  },
  jackpot: {
    title: 'Jackpot',
    slug: 'jackpot',
  },
} as const satisfies { readonly [K in GameKind]?: HouseGameFacts };

/**
 * Each house game's promotion item and its one assignment to the house
 * partner: fixed ids, seeded on first start. Apart from its facts, as the web
 * never needs them (the home page's budget).
 */
export const houseGameIds = {
  daily: { promotionId: 'daily', assignmentId: 'house-daily' },
  jackpot: { promotionId: 'jackpot', assignmentId: 'house-jackpot' },
} as const satisfies Record<HouseGameKind, { readonly promotionId: string; readonly assignmentId: string }>;

/** The house games' kinds: those with public facts above. */
export type HouseGameKind = keyof typeof houseGame;
/** The kinds entered by a partner promotion's shared code. */
export type PromotionGameKind = Exclude<GameKind, HouseGameKind>;

export const isHouseGame = (kind: string): kind is HouseGameKind => Object.hasOwn(houseGame, kind);

/** The house games, in the registry's order. */
// pure: a bundle that does not use it leaves it out (the home page's budget)
export const HOUSE_GAMES = /* @__PURE__ */ GAME_KINDS.filter(isHouseGame);
/** The partner promotion's kind: every game that is not a house game. */
export const PARTNER_GAME = /* @__PURE__ */ GAME_KINDS.find((kind): kind is PromotionGameKind => !isHouseGame(kind))!;

/** A house game's public page slug ('daily-draw', 'jackpot'). */
export type HouseGameSlug = (typeof houseGame)[HouseGameKind]['slug'];

/** The house game whose page is `slug`. */
export const houseGameOfSlug = (slug: string): HouseGameKind | undefined =>
  HOUSE_GAMES.find((kind) => houseGame[kind].slug === slug);

export const houseEntryPath = (kind: HouseGameKind) => `/api/v1/${houseGame[kind].slug}/entry` as const;
export const houseTicketVerificationPath = (kind: HouseGameKind) =>
  `/api/v1/${houseGame[kind].slug}/ticket/verification` as const;

/** The house game a promotion is, if any (house games' promotions have fixed ids). */
export const houseGameOfPromotion = (promotionId: string): HouseGameKind | undefined =>
  HOUSE_GAMES.find((kind) => houseGameIds[kind].promotionId === promotionId);

/** The game whose window an assignment holds: a house game's by its fixed id, else a partner promotion. */
export const gameOfAssignment = (assignmentId: string): GameKind =>
  HOUSE_GAMES.find((kind) => houseGameIds[kind].assignmentId === assignmentId) ?? PARTNER_GAME;

/** An assignment is the house's (of a house game) or a partner's (of a promotion): stored as its `kind`. */
export type AssignmentKind = 'house' | PromotionGameKind;
