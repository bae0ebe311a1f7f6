import { describe, expect, it } from 'vitest';
import type { SettingsView } from '@shared/api/schemas/catalog';
import {
  bodyOf,
  changedFields,
  fieldsOf,
  percentText,
  settingsProblems,
} from '@web/features/catalog/components/settings-form';

const VIEW: SettingsView = {
  version: 7,
  daily: { price_lrd: '100.00', price_usd: '0.50', prize_lrd: '10000.00', draw_time: '21:00' },
  jackpot: {
    price_lrd: '200.00',
    price_usd: '1.00',
    base_prize_lrd: '25000.00',
    stake_share_percentage: 20,
    prize_cap_lrd: '1000000.00',
    draw_weekday: 0,
    draw_time: '21:00',
  },
  usd_to_lrd_rate: '190.000',
  mobile_network_fee_percentage: 2.75,
  daily_spend_limit_lrd: '0.00',
};

describe('the Settings form', () => {
  it('shows rates in human units without arithmetic: 3 → "3.00", 2.5 → "2.50", 0.07 → "0.07"', () => {
    expect([3, 2.5, 0.07, 100].map(percentText)).toEqual(['3.00', '2.50', '0.07', '100.00']);
    expect(fieldsOf(VIEW)).toMatchObject({ fee: '2.75', jackpotShare: '20.00', rate: '190.000', jackpotWeekday: '0' });
  });

  it('sends the text as typed (grouping commas dropped) with the version it read, never a float', () => {
    const fields = { ...fieldsOf(VIEW), dailyPrize: ' 12,345.67 ', rate: '190.125', fee: '0.10' };
    const body = bodyOf(fields, VIEW.version);
    expect(body).toMatchObject({
      version: 7,
      daily: { prize_lrd: '12345.67', price_lrd: '100.00' },
      usd_to_lrd_rate: '190.125',
      mobile_network_fee_percentage: '0.10',
      jackpot: { draw_weekday: 0, stake_share_percentage: '20.00' },
    });
    expect(settingsProblems(fields)).toEqual({});
  });

  it("carries the players' daily spending limit (0 = off) as typed", () => {
    expect(fieldsOf(VIEW).spendLimit).toBe('0.00');
    expect(bodyOf({ ...fieldsOf(VIEW), spendLimit: '1,500.00' }, VIEW.version)).toMatchObject({
      daily_spend_limit_lrd: '1500.00',
    });
    expect(settingsProblems({ ...fieldsOf(VIEW), spendLimit: 'lots' })).toEqual({
      spendLimit: expect.stringMatching(/^Daily spending limit per number \(L\$, 0 = off\): /),
    });
  });

  it('names the field of each problem', () => {
    const problems = settingsProblems({ ...fieldsOf(VIEW), dailyPrize: '12.345', dailyTime: '9pm', fee: '101' });
    expect(problems).toEqual({
      dailyPrize: 'Daily prize (L$): Enter an amount such as 100.00',
      dailyTime: 'Daily draw time (GMT): Draw time must be HH:MM in GMT',
      fee: 'Mobile-network fee rate (%): The fee rate must be a percentage from 0 to 100',
    });
  });

  it('lists the fields an editor changed (what to apply again after a stale save)', () => {
    const edited = { ...fieldsOf(VIEW), dailyPrize: '9999.00', jackpotTime: '20:00' };
    expect(changedFields(fieldsOf(VIEW), edited)).toEqual(['dailyPrize', 'jackpotTime']);
  });
});
