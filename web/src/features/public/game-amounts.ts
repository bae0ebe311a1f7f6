/**
 * The house games' prices and prizes as the public pages other than home
 * state them: as configured, or the first-start defaults
 * (the spec's texts) while the answer is on its way.
 */
import { DEFAULT_HOUSE_SETTINGS, type HouseGame } from '@shared/house-games';
import { formatMoney } from '@shared/money';
import type { PublicHouseGame, PublicHouseGames } from './api/house-games';
import { timesOf, wholeLrd } from './schedule-text';

/** One game as configured, or its defaults. */
export function gameOf(game: HouseGame, games: PublicHouseGames | undefined): PublicHouseGame {
  if (games) return games[game];
  const d = DEFAULT_HOUSE_SETTINGS;
  return {
    ...timesOf(game, undefined),
    title: '',
    price_lrd: formatMoney(d[game].priceLrdCents),
    price_usd: formatMoney(d[game].priceUsdCents),
    prize_lrd: formatMoney(game === 'daily' ? d.daily.prizeLrdCents : d.jackpot.basePrizeLrdCents),
    next_draw_at: '',
  };
}

/** The jackpot's floor and ceiling, "25,000" and "1,000,000". */
export function jackpotRange(games: PublicHouseGames | undefined): { from: string; upTo: string } {
  const d = DEFAULT_HOUSE_SETTINGS.jackpot;
  return {
    from: wholeLrd(games?.jackpot.base_prize_lrd ?? formatMoney(d.basePrizeLrdCents)),
    upTo: wholeLrd(games?.jackpot.prize_cap_lrd ?? formatMoney(d.prizeCapLrdCents)),
  };
}

/** A price as the Terms write it: "100.00" → "100", "0.50" → "0.5". */
export const plainAmount = (amount: string): string => (amount.includes('.') ? amount.replace(/\.?0+$/, '') : amount);
