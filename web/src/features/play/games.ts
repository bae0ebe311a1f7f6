import type { HouseGame } from '@shared/house-games';
import { apiPaths } from '@web/lib/api-paths';
import type { Game } from '@web/lib/public-api-types';

export interface GameInfo {
  game: Game;
  /** The house game it enters (its draw times, prices and prize come from the settings: features/public/schedule-text.ts). */
  houseGame: HouseGame;
  title: string;
  entryPath: string;
  summary: string;
}

/** The two house games' entry pages (spec section 2, DESIGN section 4). */
export const games: Record<Game, GameInfo> = {
  'daily-draw': {
    game: 'daily-draw',
    houseGame: 'daily',
    title: 'Daily Cash Giveaway',
    entryPath: apiPaths.dailyDrawEntry,
    summary: 'One ticket, one chance every day to win cash paid straight to your mobile money.',
  },
  jackpot: {
    game: 'jackpot',
    houseGame: 'jackpot',
    title: 'Jackpot',
    entryPath: apiPaths.jackpotEntry,
    summary: 'The weekly jackpot grows with every ticket, paid straight to your mobile money.',
  },
};
