import { HOUSE_GAMES, houseEntryPath, houseGame, type HouseGameKind, type HouseGameSlug } from '@shared/games';

export interface GameInfo {
  game: HouseGameSlug;
  /** The house game it enters (its draw times, prices and prize come from the settings: features/public/schedule-text.ts). */
  houseGame: HouseGameKind;
  title: string;
  entryPath: string;
  summary: string;
}

/** The house games' entry pages (spec section 2, DESIGN section 4), by page slug, from their public facts. */
export const games = Object.fromEntries(
  HOUSE_GAMES.map((kind): [HouseGameSlug, GameInfo] => {
    const { slug, title, summary } = houseGame[kind];
    return [slug, { game: slug, houseGame: kind, title, entryPath: houseEntryPath(kind), summary }];
  }),
) as Record<HouseGameSlug, GameInfo>;
