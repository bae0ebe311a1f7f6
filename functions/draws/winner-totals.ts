import { PLATFORM, readWinnerCounters, type WinnerCounterValues } from '../store/counters';

/** Draws run since 29 November 2024 (spec section 9): the platform's yearly counters from then on hold every winner. */
export const FIRST_DRAW_YEAR = 2024;

/** All-time winners and prizes: one yearly platform counter per year (a handful of reads, never a scan). */
export async function winnerTotals(now: Date): Promise<WinnerCounterValues> {
  const years = [];
  for (let year = FIRST_DRAW_YEAR; year <= now.getUTCFullYear(); year += 1) years.push({ owner: PLATFORM, period: 'Y' as const, value: String(year) });
  const counters = await readWinnerCounters(years);
  return counters.reduce((sum, c) => ({ winners: sum.winners + c.winners, prizesLrdCents: sum.prizesLrdCents + c.prizesLrdCents }), {
    winners: 0,
    prizesLrdCents: 0,
  });
}
