import type { AnnouncerRecord, PartnerOption, PartnerRecord, PromotionBalanceView } from '@shared/api/schemas/staff';
import { messages } from '@shared/messages';
import { formatMoney } from '@shared/money';
import type { StaffUser } from './store/users';

/**
 * Rules for partners and announcers (DESIGN section 4) and the
 * shape of their records on the wire (spec section 3). Pure: no I/O.
 */

/** One per-promotion balance, as the ledger keeps it (LRD cents), keyed by the promotion's id; the title is for display. */
export interface PromotionBalance {
  promotionId: string;
  promotionTitle: string;
  amountCents: number;
}

/** What a partner still holds that makes deleting it unsafe. */
export interface PartnerTies {
  balances: readonly PromotionBalance[];
  assignments: number;
  announcers: number;
}

const hasPositiveBalance = (balances: readonly PromotionBalance[]): boolean =>
  balances.some((balance) => balance.amountCents > 0);

/**
 * Why a partner may not be deleted yet, or undefined if it may: money
 * still owed to it, promotions assigned to it, announcers belonging to it.
 */
export function partnerDeletionRefusal(ties: PartnerTies): string | undefined {
  const reasons = [
    hasPositiveBalance(ties.balances) ? 'a positive account balance (pay it out first)' : undefined,
    ties.assignments > 0 ? `${plural(ties.assignments, 'assigned promotion')} (unassign first)` : undefined,
    ties.announcers > 0 ? `${plural(ties.announcers, 'announcer')} (delete or move them first)` : undefined,
  ].filter((reason): reason is string => reason !== undefined);
  return reasons.length > 0 ? messages.refusals.partnerNotDeletable(joinReasons(reasons)) : undefined;
}

/** An announcer with money still owed cannot be deleted: the balance would be lost. */
export function announcerDeletionRefusal(balances: readonly PromotionBalance[]): string | undefined {
  return hasPositiveBalance(balances) ? messages.refusals.announcerNotDeletable : undefined;
}

/**
 * Promotion title → "123.45" (spec section 3; DESIGN section 1: money is a
 * 2-decimal string on the wire). For display only: a payment names
 * promotions by id, from `promotionBalancesOf`.
 */
export function accountBalanceOf(balances: readonly PromotionBalance[]): Record<string, string> {
  const cents = new Map<string, number>();
  // two promotions with one title show as one line, their amounts added
  for (const { promotionTitle, amountCents } of balances)
    cents.set(promotionTitle, (cents.get(promotionTitle) ?? 0) + amountCents);
  return Object.fromEntries([...cents].map(([title, amount]) => [title, formatMoney(amount)]));
}

/**
 * Each balance with its promotion's id and title (DESIGN section 7: money is
 * keyed by ids): what a payment is built from, so two promotions that share
 * a title stay two lines, each payable.
 */
export function promotionBalancesOf(balances: readonly PromotionBalance[]): PromotionBalanceView[] {
  return [...balances]
    .sort((a, b) => a.promotionTitle.localeCompare(b.promotionTitle) || a.promotionId.localeCompare(b.promotionId))
    .map((balance) => ({
      PromotionID: balance.promotionId,
      Promotion: balance.promotionTitle,
      Amount: formatMoney(balance.amountCents),
    }));
}

export function partnerRecord(partner: StaffUser, balances: readonly PromotionBalance[]): PartnerRecord {
  return {
    ID: partner.id,
    Username: partner.username,
    Email: partner.email,
    SearchString: partner.searchString ?? '',
    MobileMoneyNumber: partner.mobileMoneyNumber ?? '',
    AccountBalance: accountBalanceOf(balances),
    PromotionBalances: promotionBalancesOf(balances),
    Role: 'partner',
  };
}

/** `partnerSearchString` comes from the partner as it is now, so a changed partner code never leaves it stale. */
export function announcerRecord(
  announcer: StaffUser,
  partnerSearchString: string | undefined,
  balances: readonly PromotionBalance[],
): AnnouncerRecord {
  return {
    ID: announcer.id,
    Username: announcer.username,
    Email: announcer.email,
    MobileMoneyNumber: announcer.mobileMoneyNumber ?? '',
    SearchString: announcer.searchString ?? '',
    PartnerSearchString: partnerSearchString ?? '',
    LastCheckIn: announcer.lastCheckIn ?? null,
    AccountBalance: accountBalanceOf(balances),
    PromotionBalances: promotionBalancesOf(balances),
  };
}

/** Spec section 3: label is the Username, else a fallback name (the email), else 'Unnamed Partner'. */
export function partnerOptionOf(partner: Pick<StaffUser, 'username' | 'email' | 'searchString'>): PartnerOption {
  const label = partner.username?.trim() || partner.email?.trim() || messages.partner.unnamed;
  return { label, value: partner.searchString ?? '' };
}

/** A changed password or email ends the user's sessions (they must sign in again). */
export const endsSessions = (
  before: Pick<StaffUser, 'email'>,
  after: { email: string; passwordChanged: boolean },
): boolean => after.passwordChanged || before.email !== after.email;

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function joinReasons(reasons: string[]): string {
  if (reasons.length <= 1) return reasons.join('');
  return `${reasons.slice(0, -1).join(', ')} and ${reasons[reasons.length - 1]}`;
}
