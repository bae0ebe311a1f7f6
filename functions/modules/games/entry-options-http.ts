import type { PublicHouseGame, PublicHouseGames } from '@shared/api/schemas/play';
import { houseGame, type HouseGame } from '@shared/house-games';
import { formatMoney } from '@shared/money';
import { housePrize } from './house-prize';
import { drawIdOf } from '@shared/draw-math';
import { dayOf, nextDrawMoment, previousDrawMoment, scheduleOf, ticketDrawDay } from './house-schedule';
import type { HttpApp } from '../../platform/http-app';
import { reply } from '../../platform/http-responses';
import { getAssignment } from '../catalog';
import { getHouseSettings } from './store/house-settings';

/** How long a CDN may share the house games' answer: short, so the live jackpot grows visibly as stakes arrive. */
const HOUSE_GAMES_CACHE_SECONDS = 30;

/**
 * Spec section 7 "Public": GET on a house game's entry endpoint reads its
 * current prices, from the settings super admins edit.
 */
async function entryOptions(game: HouseGame) {
  const { settings } = await getHouseSettings();
  return {
    DefaultAmountLRD: formatMoney(settings[game].priceLrdCents),
    DefaultAmountUSD: formatMoney(settings[game].priceUsdCents),
  };
}

/**
 * What the public pages show of the house games: every
 * time, price and prize as configured, the jackpot as it stands now (its
 * base plus the share of this week's stakes, capped: what the draw would pay)
 * and the next draw of each.
 */
async function publicHouseGames(now: Date): Promise<PublicHouseGames> {
  const [{ settings }, dailyWindow, jackpotWindow] = await Promise.all([
    getHouseSettings(),
    getAssignment(houseGame.daily.assignmentId),
    getAssignment(houseGame.jackpot.assignmentId),
  ]);
  const windows = { daily: dailyWindow, jackpot: jackpotWindow };
  const game = (name: HouseGame, prizeLrdCents: number): PublicHouseGame => {
    const schedule = scheduleOf(name, settings);
    const lastMoment = previousDrawMoment(schedule, ticketDrawDay(schedule, now));
    const window = windows[name];
    // the draw of that moment, once made: the window it closed is the one before the open one
    const drawn = window && window.windowNo > 1 && window.lastDrawDay === dayOf(lastMoment);
    return {
      title: houseGame[name].title,
      draw_time: schedule.drawTime,
      draw_weekday: schedule.weekday ?? null,
      price_lrd: formatMoney(settings[name].priceLrdCents),
      price_usd: formatMoney(settings[name].priceUsdCents),
      prize_lrd: formatMoney(prizeLrdCents),
      next_draw_at: nextDrawMoment(schedule, now).toISOString(),
      last_draw_at: lastMoment.toISOString(),
      last_draw_id: drawn ? drawIdOf(window.id, window.windowNo - 1) : null,
    };
  };
  return {
    daily: game('daily', housePrize('daily', settings, 0)),
    jackpot: {
      ...game('jackpot', housePrize('jackpot', settings, jackpotWindow?.windowValueLrdCents ?? 0)),
      base_prize_lrd: formatMoney(settings.jackpot.basePrizeLrdCents),
      prize_cap_lrd: formatMoney(settings.jackpot.prizeCapLrdCents),
    },
  };
}

export function registerEntryOptionRoutes(app: HttpApp<'public'>): void {
  app.on('dailyDrawEntryOptions', () => entryOptions('daily'));
  app.on('jackpotEntryOptions', () => entryOptions('jackpot'));
  app.on('publicHouseGames', async (request) =>
    reply(200, await publicHouseGames(request.now), { sharedCacheSeconds: HOUSE_GAMES_CACHE_SECONDS }),
  );
}
