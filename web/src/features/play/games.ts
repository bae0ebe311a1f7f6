import { HOUSE_GAMES, houseEntryPath, houseGame, type HouseGameKind, type HouseGameSlug } from '@shared/games';

export interface GameInfo {
  game: HouseGameSlug;
  /** The house game it enters (its draw times, prices and prize come from the settings: features/public/schedule-text.ts). */
  houseGame: HouseGameKind;
  title: string;
  entryPath: string;
  summary: string;
}

/**
 * The line under each house game's page title: page copy, kept with the page
 * (its chunk, not the home page's: shared/games.ts is on the home page).
 */
const SUMMARIES: Record<HouseGameKind, string> = {
  daily: 'One ticket, one chance every day to win cash paid straight to your mobile money.',
  jackpot: 'The weekly jackpot grows with every ticket, paid straight to your mobile money.',
};

/** The house games' entry pages (spec section 2, DESIGN section 4), by page slug, from their public facts. */
export const games = Object.fromEntries(
  HOUSE_GAMES.map((kind): [HouseGameSlug, GameInfo] => {
    const { slug, title } = houseGame[kind];
    return [slug, { game: slug, houseGame: kind, title, entryPath: houseEntryPath(kind), summary: SUMMARIES[kind] }];
  }),
) as Record<HouseGameSlug, GameInfo>;
