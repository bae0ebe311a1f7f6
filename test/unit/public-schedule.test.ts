import { describe, expect, it } from 'vitest';
import { DEFAULT_HOUSE_SETTINGS } from '@shared/house-games';
import { nextDrawMoment, ticketDrawWhen } from '../../functions/modules/games/house-schedule';
import { scheduleOf } from '../../functions/modules/games/registry';
import { plainAmount, shownAmount } from '@web/features/public/game-amounts';
import { drawDays, drawSentence, drawWhen } from '@web/features/public/schedule-text';
import { untilText } from '@web/features/public/components/Countdown';

const daily = scheduleOf('daily', DEFAULT_HOUSE_SETTINGS); // every day 21:00 GMT
const jackpot = scheduleOf('jackpot', DEFAULT_HOUSE_SETTINGS); // Sundays 21:00 GMT

/** The next draws, the draw a ticket is in, and the public texts built from the settings. */
describe('the next draw and the draw a ticket is in', () => {
  it("a daily ticket bought after the day's draw is in the next day's draw", () => {
    expect(ticketDrawWhen(daily, new Date('2026-11-26T20:59:00.000Z'))).toBe('Nov 26, 2026 21:00 GMT');
    expect(ticketDrawWhen(daily, new Date('2026-11-26T21:00:00.000Z'))).toBe('Nov 27, 2026 21:00 GMT');
    expect(ticketDrawWhen(daily, new Date('2026-11-26T23:59:00.000Z'))).toBe('Nov 27, 2026 21:00 GMT');
  });

  it("a jackpot ticket is in the week's draw, or next week's once it is past", () => {
    expect(ticketDrawWhen(jackpot, new Date('2026-11-26T05:00:00.000Z'))).toBe('Nov 29, 2026 21:00 GMT');
    expect(ticketDrawWhen(jackpot, new Date('2026-11-29T21:00:00.000Z'))).toBe('Dec 6, 2026 21:00 GMT');
  });

  it('the next daily and jackpot draw moments', () => {
    expect(nextDrawMoment(daily, new Date('2026-11-26T05:00:00.000Z')).toISOString()).toBe('2026-11-26T21:00:00.000Z');
    expect(nextDrawMoment(daily, new Date('2026-11-26T21:00:00.000Z')).toISOString()).toBe('2026-11-27T21:00:00.000Z');
    // Thursday 26 Nov 2026 → Sunday 29 Nov; on Sunday after the draw → the next Sunday
    expect(nextDrawMoment(jackpot, new Date('2026-11-26T05:00:00.000Z')).toISOString()).toBe(
      '2026-11-29T21:00:00.000Z',
    );
    expect(nextDrawMoment(jackpot, new Date('2026-11-29T21:30:00.000Z')).toISOString()).toBe(
      '2026-12-06T21:00:00.000Z',
    );
  });
});

describe('public texts from the settings', () => {
  // until the settings arrive the pages show bars, never these texts: test/web/public-texts.test.tsx
  it('write the default prices and prizes as the spec does: grouped with two decimals, or in the Terms whole', () => {
    expect(['100.00', '0.50', '10000.00', '1000000.00'].map(shownAmount)).toEqual([
      '100.00',
      '0.50',
      '10,000.00',
      '1,000,000.00',
    ]);
    expect(['100.00', '0.50', '1.00', '1000000.00', '0.00'].map(plainAmount)).toEqual([
      '100',
      '0.5',
      '1',
      '1,000,000',
      '0',
    ]);
  });

  it('follow a changed schedule', () => {
    const games = {
      daily: {
        title: 'Daily Cash Giveaway',
        draw_time: '20:30',
        draw_weekday: null,
        price_lrd: '150.00',
        price_usd: '0.75',
        prize_lrd: '12345.00',
        next_draw_at: '',
      },
      jackpot: {
        title: 'Jackpot',
        draw_time: '19:15',
        draw_weekday: 6,
        price_lrd: '250.00',
        price_usd: '1.25',
        prize_lrd: '25118.40',
        next_draw_at: '',
        base_prize_lrd: '20000.00',
        prize_cap_lrd: '500000.00',
      },
    };
    expect(drawWhen(games.daily)).toBe('every day at 20:30 GMT');
    expect(drawDays(games.jackpot)).toBe('every Saturday');
    expect(drawSentence(games.jackpot)).toBe('Drawn every Saturday at 19:15 GMT.');
    expect(shownAmount(games.jackpot.prize_lrd)).toBe('25,118.40');
    expect(plainAmount(games.jackpot.prize_cap_lrd)).toBe('500,000');
    expect(plainAmount('100.10')).toBe('100.1');
  });

  it('the countdown reads hours, minutes and seconds, with days when more than one', () => {
    expect(untilText(((2 * 60 + 3) * 60 + 4) * 1000)).toBe('02:03:04');
    expect(untilText((((1 * 24 + 2) * 60 + 3) * 60 + 4) * 1000 + 999)).toBe('1d 02:03:04');
    expect(untilText(-5)).toBe('00:00:00');
  });
});
