import type { Currency } from '@shared/money';
import { formatMoneyShown, shareOf } from '@shared/money';

/**
 * The money split of a paid entry (DESIGN section 4): the partner's share
 * to the partner; the announcer share split equally among the partner's
 * announcers checked in at that moment (none: it stays with the house); the
 * rest is house revenue. Balances are LRD: a USD entry counts at the rate
 * stored with it. Shares round down; every cent is accounted for.
 */
export interface SplitInput {
  amountCents: number;
  currency: Currency;
  /** LRD per USD × 1000. */
  rateMilli: number;
  partnerBp: number;
  announcerBp: number;
  checkedInAnnouncerIds: readonly string[];
}

export interface Split {
  /** The entry's value in LRD cents (equal to amountCents for LRD). */
  lrdCents: number;
  partnerCents: number;
  /** Each checked-in announcer's share (0 when none is checked in). */
  perAnnouncerCents: number;
  announcerIds: string[];
  houseCents: number;
}

export function lrdValueOf(amountCents: number, currency: Currency, rateMilli: number): number {
  return currency === 'LRD' ? amountCents : Math.floor((amountCents * rateMilli) / 1000);
}

export function splitEntry(input: SplitInput): Split {
  const lrdCents = lrdValueOf(input.amountCents, input.currency, input.rateMilli);
  const partnerCents = shareOf(lrdCents, input.partnerBp);
  const announcerPool = shareOf(lrdCents, input.announcerBp);
  const announcerIds = [...input.checkedInAnnouncerIds].sort();
  const perAnnouncerCents = announcerIds.length > 0 ? Math.floor(announcerPool / announcerIds.length) : 0;
  const paidToAnnouncers = perAnnouncerCents * announcerIds.length;
  return {
    lrdCents,
    partnerCents,
    perAnnouncerCents,
    announcerIds: perAnnouncerCents > 0 ? announcerIds : [],
    houseCents: lrdCents - partnerCents - paidToAnnouncers,
  };
}

/** "1,000.00 LRD": a stake as the refund SMS and the checker name it, in the one public money format. */
export const stakeText = (entry: { amountCents: number; currency: Currency }): string =>
  `${formatMoneyShown(entry.amountCents)} ${entry.currency}`;
