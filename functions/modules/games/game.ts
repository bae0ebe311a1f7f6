import type { GameKind, HouseGameKind } from '@shared/games';
import type { Currency } from '@shared/money';
import type { DrawSchedule } from './house-schedule';
import type { HouseRules } from './store/house-settings';

/**
 * What a game is (DESIGN section 3 "Games are a registry"): each kind of game
 * implements this in its own file (kinds/), listed once in registry.ts; callers
 * ask the registry (`gameOf(entry.game).smsTitle(...)`), never a literal kind.
 * The public facts the web also reads (title, page slug, API paths) are in
 * shared/games.ts.
 */
export interface Game<K extends GameKind = GameKind> {
  readonly kind: K;
  /**
   * The entry price in `currency`, minor units. A house game's prices are set in
   * the house settings and kept on its promotion item (one price, wherever it is
   * read); a partner promotion's are its own.
   */
  price(prices: Prices, currency: Currency): number;
  readonly drawing: DrawingRule;
  /** The prize of a draw of its window, LRD cents. */
  prize(basis: PrizeBasis): number;
  /**
   * The draw a ticket paid at `paidAt` is in, as its SMS and the checker name
   * it (fixed when it is sold); undefined: the next live draw on air.
   */
  ticketDraw(paidAt: Date, rules: DrawRules): TicketDraw | undefined;
  /** The ticket checker's answers for its tickets still in play: waiting for their draw, or expired (a missed draw day). */
  readonly ticketCheck: { waiting(draw: TicketDraw | undefined): string; expired?: string };
  /** Its name where players read it (the checker, the staff screens), given its promotion's title if it has one. */
  title(promotionTitle: string | undefined): string;
  /** Whether its name is its promotion's (read before `title` or `smsTitle` is asked). */
  readonly titledByPromotion: boolean;
  /** Its name in an SMS: GSM-7 and short enough to leave the SMS room. */
  smsTitle(promotionTitle: string | undefined): string;
  readonly ussdItem: UssdItem;
  /** Its public entry page and API (house games); none for a promotion, entered by its shared code. */
  readonly webRoute: WebRoute | undefined;
}

/** A house game: drawn on its schedule, entered from its own page. */
export interface HouseGame<K extends HouseGameKind = HouseGameKind> extends Game<K> {
  readonly drawing: ScheduledDrawing;
  readonly webRoute: WebRoute;
}

/** Prices in minor units, as a promotion item and a house game's settings both hold them. */
export interface Prices {
  priceLrdCents: number;
  priceUsdCents: number;
}

/** What schedules and house prizes are read from: the house rules (prices aside). */
export type DrawRules = Pick<HouseRules, HouseGameKind>;

/** Drawn by the draws job at its schedule's moments (functions/modules/games/house-schedule.ts). */
interface ScheduledDrawing {
  readonly by: 'schedule';
  scheduleOf(rules: DrawRules): DrawSchedule;
}

/**
 * How a game is drawn: on a schedule, or live on air once its window holds the
 * entries its assignment's terms require (shared/draw-threshold.ts).
 */
type DrawingRule = ScheduledDrawing | { readonly by: 'threshold' };

interface PrizeBasis {
  rules: DrawRules;
  /** The stakes of the window drawn, LRD cents. */
  windowStakesLrdCents: number;
  /** The assignment drawn: a promotion's prize is its own. */
  assignment: { winnerAmountCents: number };
}

interface TicketDraw {
  /** "Nov 22, 2026 21:00 GMT". */
  when: string;
  /** Its draw day ended undrawn by `now`: the ticket expired. */
  expiredBy(now: Date): boolean;
}

/** Its line on the USSD main menu (DESIGN section 8), and its name on a "My tickets" line. */
interface UssdItem {
  readonly order: number;
  readonly label: string;
  ticketName(promotionTitle: string | undefined): string;
}

interface WebRoute {
  /** The page, `/<slug>`. */
  readonly slug: string;
  readonly entryPath: string;
  readonly ticketVerificationPath: string;
}

/** A price from a game's prices: every game keeps LRD and USD prices the same way. */
export const priceIn = (prices: Prices, currency: Currency): number =>
  currency === 'LRD' ? prices.priceLrdCents : prices.priceUsdCents;
