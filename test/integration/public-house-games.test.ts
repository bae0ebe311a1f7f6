import { describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { houseGame } from '@shared/games';
import { formatMoney, parseMoney } from '@shared/money';
import { getHouseSettings, housePrize } from '../../functions/modules/games';
import { getAssignment } from '../../functions/modules/catalog';
import { ApiClient } from '../support/api';
import { aUniquePlayerNumber, enterHouseGame, settledState } from '../support/play';

const read = () => new ApiClient().call(routes.publicHouseGames);

/** One public, cacheable read of what players need of the house games. */
describe('GET /api/v1/public/house-games', () => {
  it('states the configured times, prices and prizes, the live jackpot and the next draws; a CDN may share it for 30 s', async () => {
    const before = Date.now();
    const response = await read();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=30');
    const { settings } = await getHouseSettings();
    const window = await getAssignment(houseGame.jackpot.assignmentId);
    expect(response.body.daily).toMatchObject({
      title: 'Daily Cash Giveaway',
      draw_time: settings.daily.drawTime,
      draw_weekday: null,
      price_lrd: formatMoney(settings.daily.priceLrdCents),
      prize_lrd: formatMoney(settings.daily.prizeLrdCents),
    });
    expect(response.body.jackpot).toMatchObject({
      draw_time: settings.jackpot.drawTime,
      draw_weekday: settings.jackpot.drawWeekday,
      base_prize_lrd: formatMoney(settings.jackpot.basePrizeLrdCents),
      prize_cap_lrd: formatMoney(settings.jackpot.prizeCapLrdCents),
    });
    // the jackpot as the draw would pay it now (other files' jackpot entries may add between the two reads)
    expect(parseMoney(response.body.jackpot.prize_lrd)!).toBeLessThanOrEqual(
      housePrize('jackpot', settings, window!.windowValueLrdCents ?? 0),
    );
    for (const game of ['daily', 'jackpot'] as const) {
      const next = Date.parse(response.body[game].next_draw_at);
      expect(next).toBeGreaterThan(before);
      expect(response.body[game].next_draw_at.slice(11, 16)).toBe(settings[game].drawTime);
      // the draw moment before the next one: the pages show "drawing now" around it
      const last = Date.parse(response.body[game].last_draw_at);
      expect(last).toBeLessThanOrEqual(Date.now());
      expect(next - last).toBe(game === 'daily' ? 86_400_000 : 7 * 86_400_000);
    }
    expect(Date.parse(response.body.daily.next_draw_at) - before).toBeLessThanOrEqual(86_400_000);
    expect(new Date(response.body.jackpot.next_draw_at).getUTCDay()).toBe(settings.jackpot.drawWeekday);
  });

  it('the jackpot grows by its share of a paid jackpot stake', async () => {
    const before = parseMoney((await read()).body.jackpot.prize_lrd)!;
    const entry = await enterHouseGame('jackpot', aUniquePlayerNumber(), '200.00|LRD');
    expect((await settledState(entry.body.entry_id)).status).toBe('paid');
    const { settings } = await getHouseSettings();
    const after = parseMoney((await read()).body.jackpot.prize_lrd)!;
    expect(after - before).toBeGreaterThanOrEqual(Math.floor((20_000 * settings.jackpot.stakeShareBp) / 10_000));
  });
});

describe('GET /api/v1/public/results', () => {
  it('lists house-game draws only, newest first, each with its record id', async () => {
    const response = await new ApiClient().call(routes.publicResults);
    expect(response.status).toBe(200);
    const results = response.body.results as Array<{ draw_id: string; game: string; drawn_at: string }>;
    for (const result of results) expect(['daily', 'jackpot']).toContain(result.game);
    expect([...results].sort((a, b) => b.drawn_at.localeCompare(a.drawn_at))).toEqual(results);
    for (const result of results.slice(0, 3))
      expect((await new ApiClient().call(routes.publicDraw, { draw_id: result.draw_id })).status).toBe(200);
  });
});
