import { describe, expect, it } from 'vitest';
import { DEFAULT_HOUSE_SETTINGS } from '@shared/house-games';
import {
  dueDrawDay,
  isTicketExpired,
  previousDrawMoment,
  ticketDrawDay,
} from '../../functions/modules/games/house-schedule';
import { scheduleOf } from '../../functions/modules/games/registry';
import { requiredEntries, thresholdReached } from '@shared/draw-threshold';

const at = (iso: string) => new Date(iso);
const daily = scheduleOf('daily', DEFAULT_HOUSE_SETTINGS); // every day 21:00 GMT
const jackpot = scheduleOf('jackpot', DEFAULT_HOUSE_SETTINGS); // Sundays 21:00 GMT

describe('house draw days (DESIGN section 4, GMT)', () => {
  it('the daily draw is due from 21:00 until the day ends; the jackpot only on Sunday', () => {
    expect(dueDrawDay(daily, at('2026-11-21T20:59:59Z'))).toBeUndefined();
    expect(dueDrawDay(daily, at('2026-11-21T21:00:00Z'))).toBe('2026-11-21');
    expect(dueDrawDay(daily, at('2026-11-21T23:59:59Z'))).toBe('2026-11-21');
    expect(dueDrawDay(jackpot, at('2026-11-21T22:00:00Z'))).toBeUndefined(); // a Saturday
    expect(dueDrawDay(jackpot, at('2026-11-22T21:30:00Z'))).toBe('2026-11-22'); // a Sunday
  });

  it("a ticket bought after tonight's draw is in tomorrow's; a jackpot ticket in the next Sunday's", () => {
    expect(ticketDrawDay(daily, at('2026-11-21T10:00:00Z'))).toBe('2026-11-21');
    expect(ticketDrawDay(daily, at('2026-11-21T21:00:00Z'))).toBe('2026-11-22');
    expect(ticketDrawDay(daily, at('2026-11-21T22:15:00Z'))).toBe('2026-11-22');
    expect(ticketDrawDay(jackpot, at('2026-11-22T21:00:01Z'))).toBe('2026-11-29');
    expect(ticketDrawDay(jackpot, at('2026-11-23T08:00:00Z'))).toBe('2026-11-29');
  });

  it("a ticket bought after yesterday's draw is still valid this morning; it expires when its draw day ends undrawn", () => {
    const bought = at('2026-11-20T22:00:00Z');
    expect(isTicketExpired(daily, bought, at('2026-11-21T08:00:00Z'))).toBe(false);
    expect(isTicketExpired(daily, bought, at('2026-11-21T23:00:00Z'))).toBe(false);
    expect(isTicketExpired(daily, bought, at('2026-11-22T00:00:00Z'))).toBe(true);
    expect(isTicketExpired(daily, at('2026-11-20T10:00:00Z'), at('2026-11-21T08:00:00Z'))).toBe(true);
    expect(isTicketExpired(jackpot, at('2026-11-16T10:00:00Z'), at('2026-11-22T23:00:00Z'))).toBe(false);
    expect(isTicketExpired(jackpot, at('2026-11-16T10:00:00Z'), at('2026-11-23T00:00:00Z'))).toBe(true);
  });

  it("a draw day's tickets are those bought from the previous scheduled draw on", () => {
    expect(previousDrawMoment(daily, '2026-11-21').toISOString()).toBe('2026-11-20T21:00:00.000Z');
    expect(previousDrawMoment(jackpot, '2026-11-22').toISOString()).toBe('2026-11-15T21:00:00.000Z');
  });
});

describe('entries a threshold draw needs (spec section 5)', () => {
  const terms = { threshold: 5, startingThreshold: 3 };
  it('starting_threshold for the first draw of the GMT day, threshold after, never fewer than one', () => {
    const now = at('2026-11-21T12:00:00Z');
    expect(requiredEntries({ ...terms, lastDrawDay: undefined }, now)).toBe(3);
    expect(requiredEntries({ ...terms, lastDrawDay: '2026-11-20' }, now)).toBe(3);
    expect(requiredEntries({ ...terms, lastDrawDay: '2026-11-21' }, now)).toBe(5);
    expect(requiredEntries({ threshold: 0, startingThreshold: 0 }, now)).toBe(1);
  });

  it('a window may be drawn once it holds what the draw needs, not one entry before (server and screens alike)', () => {
    expect(thresholdReached(2, 3)).toBe(false);
    expect(thresholdReached(3, 3)).toBe(true);
    expect(thresholdReached(4, 3)).toBe(true);
    expect(thresholdReached(0, 1)).toBe(false);
  });
});
