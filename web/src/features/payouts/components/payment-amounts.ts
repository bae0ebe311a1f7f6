/**
 * The payment modal's amount rules (spec sections 4 "Payment flow" and 5
 * "Payment"), pure so they are easy to read and test. Amounts are integer
 * cents (shared/money.ts); the wire carries "123.45" strings.
 */
import { messages } from '@shared/messages';
import { formatMoney, parseMoney } from '@shared/money';
import { formatStaffLrd, signedCents, sumOfAmounts } from '@web/lib/staff-money';
import type { PromotionBalanceView } from '@shared/api/schemas/staff';
import type { PaymentAmounts } from '@web/features/payouts/api/payments';

/** What an amount field may hold while typing: digits with an optional decimal point, at most 2 decimals. */
const AMOUNT_INPUT = /^\d{0,13}(\.\d{0,2})?$/;

export interface PayableBalance {
  /** What the payment names (DESIGN section 7: money is keyed by ids). */
  promotionId: string;
  /** The title, for display only. */
  promotion: string;
  cents: number;
}

/** The sum of a per-promotion balance list, in cents (the one balance total, web/src/lib/staff-money.ts). */
export const totalOfBalances = (balances: readonly PromotionBalanceView[]): number =>
  sumOfAmounts(balances.map((balance) => balance.Amount));

/** Spec section 5: only promotions with a balance above 0 can be paid. */
export function payableBalances(balances: readonly PromotionBalanceView[]): PayableBalance[] {
  return balances
    .map((balance) => ({
      promotionId: balance.PromotionID,
      promotion: balance.Promotion,
      cents: signedCents(balance.Amount),
    }))
    .filter((balance) => balance.cents > 0);
}

/** A typed amount in cents ('', '12.' and '.5' count as 0, 1200 and 50). */
export function amountCents(text: string): number {
  const trimmed = text.trim().replace(/\.$/, '').replace(/^\./, '0.');
  return trimmed ? (parseMoney(trimmed) ?? 0) : 0;
}

export const overBalanceMessage = (promotion: string, balance: number) =>
  `The amount for ${promotion} cannot be more than its balance of ${formatStaffLrd(balance)}.`;

/**
 * A keystroke's new value for one promotion's field: refused silently when it
 * is not digits with an optional decimal point; otherwise kept as typed, with
 * a message when it is above that promotion's balance (never cut short: Next
 * refuses it until it is corrected).
 */
export function checkAmount(
  text: string,
  balance: PayableBalance,
): { accepted: false } | { accepted: true; error: string | null } {
  if (!AMOUNT_INPUT.test(text)) return { accepted: false };
  const over = amountCents(text) > balance.cents;
  return { accepted: true, error: over ? overBalanceMessage(balance.promotion, balance.cents) : null };
}

/** The amounts above 0, as the pay call's `account_balance` map (promotion id → "123.45"). */
export function amountsToSend(amounts: Record<string, string>): PaymentAmounts {
  const entries = Object.entries(amounts)
    .map(([promotion, text]) => [promotion, amountCents(text)] as const)
    .filter(([, cents]) => cents > 0);
  return Object.fromEntries(entries.map(([promotion, cents]) => [promotion, formatMoney(cents)]));
}

export const totalAmountCents = (amounts: Record<string, string>): number =>
  Object.values(amounts).reduce((sum, text) => sum + amountCents(text), 0);

/**
 * What Confirm may send: the amounts above 0, or the spec's alert when there
 * are none ('Please enter account balance values before proceeding.').
 */
export function confirmablePayment(amounts: Record<string, string>): { amounts: PaymentAmounts } | { error: string } {
  const toSend = amountsToSend(amounts);
  return Object.keys(toSend).length > 0 ? { amounts: toSend } : { error: messages.validation.enterBalanceValues };
}
