import { shareOf } from '@shared/money';

/**
 * DESIGN section 4 "Tax": gross gaming revenue has one definition everywhere
 * (the overview, Reports, the tax prefill, the sealed reports): stakes −
 * refunds − prizes awarded, per period, in LRD cents (USD stakes at each
 * entry's booked rate), and 20% of it is due to the government.
 */
const TAX_RATE_BP = 2_000;

export interface RevenueParts {
  /** Stakes paid in the period, LRD value. */
  stakesLrdCents: number;
  /** Stakes refunded in the period (a cleared draw's refunds), LRD value, as a positive amount. */
  refundsLrdCents: number;
  /** Prizes awarded in the period (paid or owed), LRD. */
  prizesLrdCents: number;
}

export const grossGamingRevenueCents = (parts: RevenueParts): number =>
  parts.stakesLrdCents - parts.refundsLrdCents - parts.prizesLrdCents;

/** The tax on a period's gross gaming revenue, rounded down as every share is; a loss owes nothing. */
export const taxOnRevenueCents = (parts: RevenueParts): number =>
  Math.max(0, shareOf(grossGamingRevenueCents(parts), TAX_RATE_BP));

/** The tax on stakes already net of refunds (a report row's own figures). */
export const taxDueCents = (netStakesLrdCents: number, prizesLrdCents: number): number =>
  taxOnRevenueCents({ stakesLrdCents: netStakesLrdCents, refundsLrdCents: 0, prizesLrdCents });
