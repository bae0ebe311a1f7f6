/**
 * Every public text that names a draw time or a day reads it from the
 * configured house games, through these few formatters. Until the answer
 * arrives the pages show a skeleton in the sentence's place (./components/Skeleton.tsx),
 * never a default time that may not be the configured one.
 */
import type { PublicHouseGame } from './api/house-games';

export type GameTimes = Pick<PublicHouseGame, 'draw_time' | 'draw_weekday'>;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "every day" or "every Sunday". */
export const drawDays = (game: GameTimes): string =>
  game.draw_weekday === null ? 'every day' : `every ${WEEKDAYS[game.draw_weekday]}`;

/** "every day at 21:00 GMT". */
export const drawWhen = (game: GameTimes): string => `${drawDays(game)} at ${game.draw_time} GMT`;

/** "Drawn every day at 21:00 GMT.". */
export const drawSentence = (game: GameTimes): string => `Drawn ${drawWhen(game)}.`;
