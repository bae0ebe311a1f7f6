import { settingsBody } from '@shared/api/schemas/catalog';
import { messages } from '@shared/messages';
import type { HttpApp } from '../../platform/http-app';
import { validate } from '../../platform/validate';
import { refuseConflict } from '../../platform/refusal';
import { scheduleOf, getHouseSettings, putHouseSettings } from '../games';
import { planHouseSchedules, pendingKeptDraw, tellMovedTickets } from './schedule-change';
import { HOUSE_GAMES, houseGame } from '@shared/games';
import type { HouseSettings } from '@shared/house-games';
import { actorOf } from '../audit';
import { settingsView } from '../catalog';

/** House-game prices, prizes and schedules, the USD→LRD rate and the fee rate. */
export function registerSettingsRoutes(app: HttpApp<'admin'>): void {
  app.on('getSettings', async () => {
    const { settings, version } = await getHouseSettings();
    return { Settings: settingsView(settings, version) };
  });

  app.on('updateSettings', async (request) => {
    // the contract checked the version first (DESIGN section 7); the settings' own fields, with their messages, next
    const { version } = request.body;
    const input = validate(settingsBody, request.body);
    const current = await getHouseSettings();
    if (current.version !== version) throw refuseConflict(messages.settings.stale, { version: 'Out of date' });
    // an editor that does not show the limit leaves it as it is
    const dailySpendLimitLrdCents = input.daily_spend_limit_lrd ?? current.settings.dailySpendLimitLrdCents;
    const next: HouseSettings = {
      daily: {
        priceLrdCents: input.daily.price_lrd,
        priceUsdCents: input.daily.price_usd,
        prizeLrdCents: input.daily.prize_lrd,
        drawTime: input.daily.draw_time,
      },
      jackpot: {
        priceLrdCents: input.jackpot.price_lrd,
        priceUsdCents: input.jackpot.price_usd,
        basePrizeLrdCents: input.jackpot.base_prize_lrd,
        stakeShareBp: input.jackpot.stake_share_percentage,
        prizeCapLrdCents: input.jackpot.prize_cap_lrd,
        drawWeekday: input.jackpot.draw_weekday,
        drawTime: input.jackpot.draw_time,
      },
      usdToLrdRateMilli: input.usd_to_lrd_rate,
      mobileNetworkFeeBp: input.mobile_network_fee_percentage,
      dailySpendLimitLrdCents,
    };
    // a ticket keeps the draw it was told, or moves and is told (DESIGN section 4)
    const plans = await planHouseSchedules(current.settings, next, request.now);
    for (const game of HOUSE_GAMES) {
      const plan = plans[game];
      const changed = plan.change?.savedAt === request.now.toISOString();
      const kept = changed ? pendingKeptDraw(plan.before, request.now) : undefined;
      if (kept) throw refuseConflict(messages.houseSchedule.keptPending(kept), { [game]: 'Draw pending' });
      if (plan.change) next[game].scheduleChange = plan.change;
    }
    const saved = await putHouseSettings(next, version, actorOf(request), request.now);
    for (const game of HOUSE_GAMES)
      if (plans[game].moved)
        await tellMovedTickets(
          { game, assignmentId: houseGame[game].assignmentId },
          scheduleOf(game, saved.settings),
          request.now,
        );
    return { message: messages.settings.saved, Settings: settingsView(saved.settings, saved.version) };
  });
}
