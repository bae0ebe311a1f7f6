import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { houseGame } from '@shared/games';
import { messages } from '@shared/messages';
import { getAssignment, getPromotion } from '../../functions/modules/catalog';
import { listAudit } from '../../functions/modules/audit';
import { ensureHouseGames } from '../../functions/modules/games';
import { ApiClient } from '../support/api';
import { contracted } from '../support/contract';
import { aSuperAdmin, signedIn } from '../support/fixtures';
import { startPrivateStack, type PrivateStack } from '../support/private-stack';

/**
 * On a stack of the file's own: it changes the house settings, and "changes
 * nothing" must see no other file's change (players-schedule.e2e changes
 * them on the test run's stack).
 */
let running: PrivateStack | undefined;
beforeAll(async () => {
  running = await startPrivateStack({ webDist: false });
}, 120_000);
afterAll(async () => {
  await running?.stop();
});

describe('house games and settings', () => {
  it('has both house games from first start, run by the house partner', async () => {
    const daily = await getPromotion(houseGame.daily.promotionId);
    const jackpot = await getPromotion(houseGame.jackpot.promotionId);
    expect(daily).toMatchObject({ title: 'Daily Cash Giveaway', kind: 'daily', priceLrdCents: expect.any(Number) });
    expect(jackpot).toMatchObject({ title: 'Jackpot', kind: 'jackpot' });
    expect(await getAssignment(houseGame.daily.assignmentId)).toMatchObject({
      partnerId: 'house',
      kind: 'house',
      server: 'all',
    });
    expect(await ensureHouseGames(new Date())).toEqual({ created: [] });
  });

  it('serves the spec entry options publicly', async () => {
    const daily = await new ApiClient().call(routes.dailyDrawEntryOptions);
    const jackpot = await new ApiClient().call(routes.jackpotEntryOptions);
    expect(daily.status).toBe(200);
    expect(Object.keys(daily.body).sort()).toEqual(['DefaultAmountLRD', 'DefaultAmountUSD']);
    expect(jackpot.body.DefaultAmountLRD).toMatch(/^\d+\.\d\d$/);
  });

  it('changes prices, prizes, schedule, rate and fee; the public options follow; audit-logged; stale edits refused', async () => {
    const admin = await aSuperAdmin();
    const client = await signedIn(admin);
    const current = (await client.call(routes.getSettings, { id: admin.id })).body.Settings;
    const original = JSON.parse(JSON.stringify(current));
    const next = {
      ...current,
      // only the daily USD price moves: other tests running meanwhile pay the LRD prices
      daily: { ...current.daily, price_usd: '0.60', prize_lrd: '12000.00', draw_time: '20:30' },
      jackpot: { ...current.jackpot, stake_share_percentage: 25, draw_weekday: 6 },
      usd_to_lrd_rate: '192.5',
      mobile_network_fee_percentage: 2.75,
    };
    try {
      const saved = await client.call(routes.updateSettings, { id: admin.id }, next);
      expect(saved.status).toBe(200);
      expect(saved.body.Settings).toMatchObject({
        version: current.version + 1,
        daily: { price_usd: '0.60', prize_lrd: '12000.00', draw_time: '20:30' },
        jackpot: { stake_share_percentage: 25, draw_weekday: 6 },
        usd_to_lrd_rate: '192.500',
        mobile_network_fee_percentage: 2.75,
      });
      expect((await new ApiClient().call(routes.dailyDrawEntryOptions)).body).toEqual({
        DefaultAmountLRD: current.daily.price_lrd,
        DefaultAmountUSD: '0.60',
      });

      const stale = await client.call(routes.updateSettings, { id: admin.id }, next);
      expect(stale.status).toBe(409);

      const { items } = await listAudit(20);
      const line = items.find((i) => i.action === 'settings.update' && i.actorId === admin.id);
      expect(line?.after).toMatchObject({ usdToLrdRateMilli: 192_500, mobileNetworkFeeBp: 275 });
    } finally {
      const latest = (await client.call(routes.getSettings, { id: admin.id })).body.Settings;
      await client.call(routes.updateSettings, { id: admin.id }, { ...original, version: latest.version });
    }
  });

  it('refuses bad settings with a 400 naming the field, and changes nothing', async () => {
    const admin = await aSuperAdmin();
    const client = await signedIn(admin);
    const current = (await client.call(routes.getSettings, { id: admin.id })).body.Settings;
    for (const broken of [
      { ...current, daily: { ...current.daily, draw_time: '25:00' } },
      { ...current, usd_to_lrd_rate: '-3' },
      { ...current, jackpot: { ...current.jackpot, draw_weekday: 7 } },
      { ...current, mobile_network_fee_percentage: 120 },
    ]) {
      const response = await client.call(routes.updateSettings, { id: admin.id }, broken);
      expect(response.status).toBe(400);
      expect(response.body.error).toBeTypeOf('string');
    }
    expect((await client.call(routes.getSettings, { id: admin.id })).body.Settings.version).toBe(current.version);
  });

  it('checks each setting against its rule (spec section 9): a 400 naming the field and why, and nothing changes', async () => {
    const admin = await aSuperAdmin();
    const client = await signedIn(admin);
    const current = (await client.call(routes.getSettings, { id: admin.id })).body.Settings;
    const cases: Array<[body: unknown, field: string, says: RegExp]> = [
      // an entry price of 0 would offer players "0.00 LRD", which entry refuses: the minimum stake is 100 LRD
      [{ ...current, daily: { ...current.daily, price_lrd: '0' } }, 'daily.price_lrd', /at least 100\.00 LRD/],
      [{ ...current, jackpot: { ...current.jackpot, price_lrd: '99.99' } }, 'jackpot.price_lrd', /minimum stake/],
      [{ ...current, daily: { ...current.daily, price_usd: '0.00' } }, 'daily.price_usd', /at least 0\.50 USD/],
      [{ ...current, daily: { ...current.daily, prize_lrd: '0.00' } }, 'daily.prize_lrd', /more than 0\.00/],
      [{ ...current, daily: { ...current.daily, prize_lrd: '1000000.01' } }, 'daily.prize_lrd', /top prize/],
      [
        { ...current, jackpot: { ...current.jackpot, base_prize_lrd: '30000.00', prize_cap_lrd: '20000.00' } },
        'jackpot.prize_cap_lrd',
        /at least the base prize/,
      ],
    ];
    for (const [body, field, says] of cases) {
      const response = await client.call(routes.updateSettings, { id: admin.id }, body);
      expect(response.status, field).toBe(400);
      expect(response.body.fields?.[field], field).toMatch(says);
      expect(response.body.error).toMatch(says);
    }
    expect((await client.call(routes.getSettings, { id: admin.id })).body.Settings.version).toBe(current.version);
  });

  it('answers GET and PUT settings with their contract, and checks the version before the fields', async () => {
    const admin = await aSuperAdmin();
    const client = await signedIn(admin);
    const { Settings } = contracted(routes.getSettings, await client.call(routes.getSettings, { id: admin.id }));
    const { version, ...fields } = Settings;
    const unversioned = await client.call(
      routes.updateSettings,
      { id: admin.id },
      { ...fields, usd_to_lrd_rate: '-3' },
    );
    expect(unversioned.status).toBe(400);
    expect(unversioned.body.error).toBe(messages.settings.versionMissing);
    const saved = contracted(
      routes.updateSettings,
      await client.call(routes.updateSettings, { id: admin.id }, Settings),
    );
    expect(saved).toEqual({ message: messages.settings.saved, Settings: { ...Settings, version: version + 1 } });
  });
});
