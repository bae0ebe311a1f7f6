import { shareOf } from '@shared/money';
import { maskMobileNumber } from '@shared/phone';
import { dayBefore, periodsOf } from '../../platform/periods';

/**
 * The dashboards' arithmetic, pure: trends, the spans they compare,
 * tax and fees. Money is whole cents throughout.
 */

/** Days in the entries chart. */
export const SERIES_DAYS = 14;

/** The mobile network's fee on collections at `feeBp` basis points (rounded down, as every share is). */
export const feeCents = (collectedCents: number, feeBp: number): number => shareOf(collectedCents, feeBp);

/** Change of `current` against `base` in percent, 1 decimal; null when the base is 0. */
export function percentChange(current: number, base: number): number | null {
  if (base === 0) return null;
  return Math.round(((current - base) * 1000) / base) / 10;
}

/** `current` as a percentage of `whole`, 1 decimal; a whole of 0 counts as reached. */
export function percentOf(current: number, whole: number): number {
  return whole > 0 ? Math.round((current * 1000) / whole) / 10 : 100;
}

/**
 * The open draw's progress toward what its draw needs, 0–100 % with 1
 * decimal (spec section 9: percentages 0 to 100): 0 with no entry in it,
 * 100 once the draw may be made, never more.
 */
export function drawProgress(windowEntries: number, required: number): number {
  return windowEntries <= 0 ? 0 : Math.min(100, percentOf(windowEntries, required));
}

/** The last `n` GMT days ending with `now`'s, oldest first. */
export function lastDays(now: Date, n: number = SERIES_DAYS): string[] {
  return Array.from({ length: n }, (_, i) => dayBefore(now, n - 1 - i));
}

/**
 * The span of last year that matches this year to date: last year's full
 * months before the current month, plus the current month's days up to
 * today's date (29 February compares with 1–28 February).
 */
export function sameSpanLastYear(now: Date): { months: string[]; days: string[] } {
  const year = now.getUTCFullYear() - 1;
  const month = now.getUTCMonth(); // 0-based: the months before it are complete
  const pad = (n: number) => String(n).padStart(2, '0');
  const months = Array.from({ length: month }, (_, i) => `${year}-${pad(i + 1)}`);
  const daysInMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const lastDay = Math.min(now.getUTCDate(), daysInMonth);
  const days = Array.from({ length: lastDay }, (_, i) => `${year}-${pad(month + 1)}-${pad(i + 1)}`);
  return { months, days };
}

/** Start of `now`'s GMT day, as an ISO string (draw records sort by drawnAt). */
export const startOfDay = (now: Date): string => `${periodsOf(now).day}T00:00:00.000Z`;

/**
 * Today's entries, as every staff screen shows them (announcer, partner and
 * admin alike): the paid entries of the GMT day, draws or not. The open
 * window's count, which a draw resets, is openWindowToday.
 */
export const todaysEntries = (counts: { day: { entries: number } }): number => counts.day.entries;

/**
 * The open draw window's paid entries today (DESIGN section 4: a window
 * counts its entries since the last draw and since the start of the GMT day):
 * a window opened today holds only today's entries; one opened earlier holds
 * all of today's, which the day counter has.
 */
export function openWindowToday(
  window: { windowCount: number; windowOpenedAt: string },
  enteredToday: number,
  now: Date,
): number {
  return window.windowOpenedAt >= startOfDay(now) ? window.windowCount : Math.min(window.windowCount, enteredToday);
}

/** Partners and announcers see winners' numbers masked (DESIGN section 7: first four and last two kept). */
export const maskedNumber = (msisdn: string | undefined): string => (msisdn ? maskMobileNumber(msisdn) : '');
