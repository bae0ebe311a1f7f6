import type { PublicHouseGame, PublicHouseGames } from '@shared/api/schemas/play';
import { houseGameRoutes } from '@shared/api/endpoints/play';
import { HOUSE_GAMES, houseGame, type HouseGameKind, houseGameIds } from '@shared/games';
import { formatMoney } from '@shared/money';
import { drawIdOf } from '@shared/draw-math';
import { dayOf, nextDrawMoment, previousDrawMoment, ticketDrawDay } from './house-schedule';
import type { HttpApp } from '../../platform/http-app';
import { reply } from '../../platform/http-responses';
import { getAssignment } from '../catalog';
import { gameOf, housePrize, scheduleOf } from './registry';
import { getHouseSettings } from './store/house-settings';

/** How long a CDN may share the house games' answer: short, so the live jackpot grows visibly as stakes arrive. */
const HOUSE_GAMES_CACHE_SECONDS = 30;

/**
 * Spec section 7 "Public": GET on a house game's entry endpoint reads its
 * current prices, from the settings super admins edit.
 */
async function entryOptions(kind: HouseGameKind) {
  const { settings } = await getHouseSettings();
  const game = gameOf(kind);
  return {
    DefaultAmountLRD: formatMoney(game.price(settings[kind], 'LRD')),
    DefaultAmountUSD: formatMoney(game.price(settings[kind], 'USD')),
  };
}

/**
 * What the public pages show of the house games: every
 * time, price and prize as configured, the jackpot as it stands now (its
 * base plus the share of this week's stakes, capped: what the draw would pay)
 * and the next draw of each.
 */
async function publicHouseGames(now: Date): Promise<PublicHouseGames> {
  const [{ settings }, windows] = await Promise.all([
    getHouseSettings(),
    Promise.all(HOUSE_GAMES.map((kind) => getAssignment(houseGameIds[kind].assignmentId))),
  ]);
  const game = (kind: HouseGameKind, i: number): PublicHouseGame => {
    const schedule = scheduleOf(kind, settings);
    const lastMoment = previousDrawMoment(schedule, ticketDrawDay(schedule, now));
    const window = windows[i];
    // the draw of that moment, once made: the window it closed is the one before the open one
    const drawn = window && window.windowNo > 1 && window.lastDrawDay === dayOf(lastMoment);
    return {
      title: houseGame[kind].title,
      draw_time: schedule.drawTime,
      draw_weekday: schedule.weekday ?? null,
      price_lrd: formatMoney(settings[kind].priceLrdCents),
      price_usd: formatMoney(settings[kind].priceUsdCents),
      prize_lrd: formatMoney(housePrize(kind, settings, window?.windowValueLrdCents ?? 0)),
      next_draw_at: nextDrawMoment(schedule, now).toISOString(),
      last_draw_at: lastMoment.toISOString(),
      last_draw_id: drawn ? drawIdOf(window.id, window.windowNo - 1) : null,
    };
  };
  const games = Object.fromEntries(HOUSE_GAMES.map((kind, i) => [kind, game(kind, i)])) as Record<
    HouseGameKind,
    PublicHouseGame
  >;
  // the jackpot's page also names its range (the answer's contract, shared/api/schemas/play.ts)
  return {
    ...games,
    jackpot: {
      ...games.jackpot,
      base_prize_lrd: formatMoney(settings.jackpot.basePrizeLrdCents),
      prize_cap_lrd: formatMoney(settings.jackpot.prizeCapLrdCents),
    },
  };
}

/** Each house game's entry options (generated from the registry: one route per game, one handler). */
export function registerEntryOptionRoutes(app: HttpApp<'public'>): void {
  for (const kind of HOUSE_GAMES) app.on(houseGameRoutes[kind].entryOptions, () => entryOptions(kind));
  app.on('publicHouseGames', async (request) =>
    reply(200, await publicHouseGames(request.now), { sharedCacheSeconds: HOUSE_GAMES_CACHE_SECONDS }),
  );
}
