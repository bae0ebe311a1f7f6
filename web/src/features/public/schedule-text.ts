/**
 * Every public text that names a draw time, a day or an amount reads it from
 * the configured house games (issue 20 item 2), through these few formatters.
 * Until the answer arrives they read the first-start defaults, which give the
 * spec's texts.
 */
import { DEFAULT_HOUSE_SETTINGS, type HouseGame } from '../../../../shared/house-games';
import { formatMoney, parseMoney } from '../../../../shared/money';
import { formatWhole } from '../../lib/money';
import type { PublicHouseGame, PublicHouseGames } from './api/house-games';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function defaults(game: HouseGame): PublicHouseGame {
  const d = DEFAULT_HOUSE_SETTINGS;
  const prize = game === 'daily' ? d.daily.prizeLrdCents : d.jackpot.basePrizeLrdCents;
  return {
    title: '',
    draw_time: d[game].drawTime,
    draw_weekday: game === 'daily' ? null : d.jackpot.drawWeekday,
    price_lrd: formatMoney(d[game].priceLrdCents),
    price_usd: formatMoney(d[game].priceUsdCents),
    prize_lrd: formatMoney(prize),
    next_draw_at: '',
  };
}

/** One game as configured, or its defaults while the answer is on its way. */
export const gameOf = (game: HouseGame, games: PublicHouseGames | undefined): PublicHouseGame => games?.[game] ?? defaults(game);

/** The jackpot's floor and ceiling, "25,000" and "1,000,000". */
export function jackpotRange(games: PublicHouseGames | undefined): { from: string; upTo: string } {
  const d = DEFAULT_HOUSE_SETTINGS.jackpot;
  return {
    from: wholeLrd(games?.jackpot.base_prize_lrd ?? formatMoney(d.basePrizeLrdCents)),
    upTo: wholeLrd(games?.jackpot.prize_cap_lrd ?? formatMoney(d.prizeCapLrdCents)),
  };
}

/** "every day" or "every Sunday". */
export const drawDays = (game: PublicHouseGame): string => (game.draw_weekday === null ? 'every day' : `every ${WEEKDAYS[game.draw_weekday]}`);

/** "every day at 21:00 GMT". */
export const drawWhen = (game: PublicHouseGame): string => `${drawDays(game)} at ${game.draw_time} GMT`;

/** "Drawn every day at 21:00 GMT." */
export const drawSentence = (game: PublicHouseGame): string => `Drawn ${drawWhen(game)}.`;

/** A wire amount "25118.40" as a whole prize, "25,118". */
export const wholeLrd = (amount: string): string => formatWhole(Math.floor((parseMoney(amount) ?? 0) / 100));

/** A price as the Terms write it: "100.00" → "100", "0.50" → "0.5". */
export const plainAmount = (amount: string): string => (amount.includes('.') ? amount.replace(/\.?0+$/, '') : amount);
