import { PLATFORM, readMoneyOut, readWinnerCounters, type WinnerCounterValues } from '../ledger';

/** Draws run since 29 November 2024 (spec section 9): the platform's yearly counters from then on hold every winner. */
const FIRST_DRAW_YEAR = 2024;

/** Every year from the first draw's to now's, oldest first. */
function drawYears(now: Date): string[] {
  const years: string[] = [];
  for (let year = FIRST_DRAW_YEAR; year <= now.getUTCFullYear(); year += 1) years.push(String(year));
  return years;
}

/** All-time winners and prizes awarded: one yearly platform counter per year (a handful of reads, never a scan). */
export async function winnerTotals(now: Date): Promise<WinnerCounterValues> {
  const counters = await readWinnerCounters(
    drawYears(now).map((value) => ({ owner: PLATFORM, period: 'Y' as const, value })),
  );
  return counters.reduce(
    (sum, c) => ({ winners: sum.winners + c.winners, prizesLrdCents: sum.prizesLrdCents + c.prizesLrdCents }),
    {
      winners: 0,
      prizesLrdCents: 0,
    },
  );
}

/**
 * The public "Paid to winners": prizes whose payout the provider confirmed,
 * LRD cents — a prize awarded but still pending (or failed) is not counted.
 * The yearly money-out counters written when a payout is marked paid (functions/modules/payouts/store/payouts.ts).
 */
export async function paidToWinners(now: Date): Promise<number> {
  const counters = await readMoneyOut(drawYears(now).map((value) => ({ period: 'Y' as const, value })));
  return counters.reduce((sum, c) => sum + c.prizePaidCents, 0);
}
