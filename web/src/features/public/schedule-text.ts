/**
 * Every public text that names a draw time or a day reads it from the
 * configured house games, through these few formatters.
 * Until the answer arrives they read the first-start defaults, which give the
 * spec's texts. Amounts: ./game-amounts.ts (kept off the home page's
 * JavaScript, which shows amounts once they arrive: DESIGN section 9).
 */
import { DEFAULT_HOUSE_SETTINGS, type HouseGame } from '@shared/house-games';
import { parseMoney } from '@shared/money';
import { formatWhole } from '@web/lib/money';
import type { PublicHouseGame, PublicHouseGames } from './api/house-games';

export type GameTimes = Pick<PublicHouseGame, 'draw_time' | 'draw_weekday'>;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** A game's draw time and weekday as configured, or the defaults while the answer is on its way. */
export const timesOf = (game: HouseGame, games: PublicHouseGames | undefined): GameTimes =>
  games?.[game] ?? {
    draw_time: DEFAULT_HOUSE_SETTINGS[game].drawTime,
    draw_weekday: game === 'daily' ? null : DEFAULT_HOUSE_SETTINGS.jackpot.drawWeekday,
  };

/** "every day" or "every Sunday". */
export const drawDays = (game: GameTimes): string =>
  game.draw_weekday === null ? 'every day' : `every ${WEEKDAYS[game.draw_weekday]}`;

/** "every day at 21:00 GMT". */
export const drawWhen = (game: GameTimes): string => `${drawDays(game)} at ${game.draw_time} GMT`;

/** "Drawn every day at 21:00 GMT." */
export const drawSentence = (game: GameTimes): string => `Drawn ${drawWhen(game)}.`;

/** A wire amount "25118.40" as a whole prize, "25,118". */
export const wholeLrd = (amount: string): string => formatWhole(Math.floor((parseMoney(amount) ?? 0) / 100));
