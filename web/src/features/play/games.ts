import { apiPaths } from '../../lib/api-paths';
import type { Game } from './types';

export interface GameInfo {
  game: Game;
  title: string;
  entryPath: string;
  summary: string;
  drawTime: string;
  ticketValidity: string;
}

/** The two house games' entry pages (spec section 2, DESIGN section 4). */
export const games: Record<Game, GameInfo> = {
  'daily-draw': {
    game: 'daily-draw',
    title: 'Daily Cash Giveaway',
    entryPath: apiPaths.dailyDrawEntry,
    summary: 'One ticket, one chance every day to win cash paid straight to your mobile money.',
    drawTime: 'Drawn every day at 21:00 GMT.',
    ticketValidity: 'A daily ticket is valid only on the day it is issued.',
  },
  jackpot: {
    game: 'jackpot',
    title: 'Jackpot',
    entryPath: apiPaths.jackpotEntry,
    summary: 'The weekly jackpot starts at 25,000 LRD and grows with every ticket, up to 1,000,000 LRD.',
    drawTime: 'Drawn every Sunday at 21:00 GMT.',
    ticketValidity: 'A jackpot ticket is valid for one week from the day it is issued.',
  },
};
