/**
 * Every public text that names a draw time or a day reads it from the
 * configured house games, through these few formatters. Until the answer
 * arrives, or if it never does, they write "…" (or nothing): never a default
 * time that may not be the configured one (amounts alike: ./game-amounts.ts).
 */
import type { PublicHouseGame } from './api/house-games';

export type GameTimes = Pick<PublicHouseGame, 'draw_time' | 'draw_weekday'>;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "every day" or "every Sunday"; "…" until the settings arrive. */
export const drawDays = (game?: GameTimes): string =>
  game ? (game.draw_weekday === null ? 'every day' : `every ${WEEKDAYS[game.draw_weekday]}`) : '…';

/** "every day at 21:00 GMT"; "…" until the settings arrive. */
export const drawWhen = (game?: GameTimes): string => (game ? `${drawDays(game)} at ${game.draw_time} GMT` : '…');

/** "Drawn every day at 21:00 GMT."; nothing until the settings arrive. */
export const drawSentence = (game?: GameTimes): string => (game ? `Drawn ${drawWhen(game)}.` : '');
