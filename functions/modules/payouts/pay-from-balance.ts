import { formatStaffMoney } from '@shared/staff-money';
import { ProviderNotAvailableError, payoutProviderFor } from '../../integrations/providers';
import { refuseConflict, refuseInvalid, type Refusal } from '../../platform/refusal';
import { unknownPromotionMessage } from '@shared/api/schemas/payouts';
import { messages } from '@shared/messages';
import { listBalances } from './store/balances';
import { getPayouts, holdBalancePayout, type Payout } from './store/payouts';
import type { Actor } from '../audit';
import type { StaffUser } from '../staff';
import { newCallbackSecret } from '../../platform/callback-secret';
import { balancePayoutId } from './payout-id';
import { sendTransfer } from './send-transfer';

/**
 * Pay a partner or an announcer from their per-promotion balances (DESIGN
 * section 4 "Payouts"; spec sections 5 and 7). Every amount is checked
 * before anything is held; then, per promotion, ONE transaction creates the
 * payout (its id derived from the Idempotency-Key, so a retried request finds
 * it instead of paying again), holds the amount (a debit that never takes the
 * balance below zero) with its ledger line, and writes the audit line. Then
 * each held amount is sent to the payee's stored mobile-money number.
 */
export interface BalancePayment {
  payee: StaffUser;
  kind: 'partner' | 'announcer';
  /** By promotion id (DESIGN section 7: money is keyed by ids, never by display names). */
  amounts: Array<{ promotionId: string; amountCents: number }>;
  idempotencyKey: string;
  actor: Actor;
  now: Date;
}

export interface BalancePaymentResult {
  payouts: Payout[];
  /**
   * Set when a balance changed between the check and the hold (the payouts
   * listed went ahead, the rest did not), or when a retried key's payout had
   * failed (a new payment needs a new key).
   */
  refusal?: Refusal;
  /** How many of this request's transfers the provider refused outright or were not sent (their holds are already restored). */
  refusedByProvider: number;
  /** What to tell staff when some were refused or not sent (one of payoutRefusals). */
  providerRefusal?: string;
}

export const payoutRefusals = {
  noNumber: 'This account has no mobile money number to pay to.',
  numberChanged: 'The mobile money number differs from the one on file. Reload and try again.',
  unknownPromotion: unknownPromotionMessage,
  /** Balances are LRD, written as the pay dialog writes them (formatStaffMoney). */
  overBalance: (title: string, balanceCents: number) =>
    `The amount for "${title}" is more than its balance (${formatStaffMoney(balanceCents, 'LRD')}).`,
  keyReused: 'This Idempotency-Key was already used for a different payment.',
  /** The payee's deletion committed before the hold (DESIGN section 4 "Payouts"). */
  payeeGone: 'This account was deleted meanwhile: nothing was paid.',
  failedUnderKey: (title: string, reason: string) =>
    `The payment for "${title}" under this Idempotency-Key failed (${reason}); its amount is back on the balance. Send it again as a new payment.`,
  providerRefused:
    'The mobile money service refused the transfer; the amount is back on the balance. Please try again later.',
  payeeNotActive:
    'The mobile money number is not an active account, so nothing was sent; the amount is back on the balance.',
  floatTooLow:
    'The payout account does not hold enough to pay this, so nothing was sent; the amount is back on the balance. Please try again later.',
  balanceChanged: (title: string) =>
    `The balance of "${title}" changed meanwhile; nothing was paid from it. Reload and try again.`,
} as const;

export async function payFromBalance(payment: BalancePayment): Promise<BalancePaymentResult> {
  const msisdn = payment.payee.mobileMoneyNumber;
  if (!msisdn) throw refuseConflict(payoutRefusals.noNumber);
  await assertPayable(msisdn);

  const planned = await plan(payment, msisdn);
  const existing = await getPayouts(planned.map((p) => p.payout.id));
  const payouts: Payout[] = [];
  const fresh: Array<{ payout: Payout; secret: string }> = [];
  let failedEarlier: Payout | undefined;
  for (const { payout, secret, balanceCents } of planned) {
    const earlier = existing.get(payout.id);
    if (earlier) {
      // a retried request: the first one's payout, never a second transfer
      if (earlier.amountCents !== payout.amountCents) throw refuseConflict(payoutRefusals.keyReused);
      payouts.push(earlier);
      failedEarlier ??= earlier.status === 'failed' ? earlier : undefined;
      continue;
    }
    if (payout.amountCents > balanceCents)
      throw refuseInvalid(payoutRefusals.overBalance(payout.promotionTitle, balanceCents));
    fresh.push({ payout, secret });
  }

  const audit = { actor: payment.actor, target: `${payment.kind}:${payment.payee.searchString ?? payment.payee.id}` };
  let refusal: Refusal | undefined;
  const held: Array<{ payout: Payout; secret: string }> = [];
  for (const item of fresh) {
    const outcome = await holdBalancePayout(item.payout, audit, payment.now);
    if (outcome === 'held') held.push(item);
    else if (outcome === 'exists') payouts.push((await getPayouts([item.payout.id])).get(item.payout.id)!);
    else {
      refusal = refuseConflict(
        outcome === 'payee-gone' ? payoutRefusals.payeeGone : payoutRefusals.balanceChanged(item.payout.promotionTitle),
      );
      break;
    }
  }

  const sent = await Promise.all(
    held.map(async ({ payout, secret }) => ({ ...payout, ...(await sendTransfer(payout, secret, payment.now)) })),
  );
  const refused = sent.filter((payout) => payout.status === 'failed');
  const refusedByProvider = refused.length;
  const providerRefusal = refused.length > 0 ? refusalMessage(refused.map((payout) => payout.reason)) : undefined;
  // a retried key whose payout failed is answered as a failure, never with the success text
  refusal ??= failedEarlier
    ? refuseConflict(payoutRefusals.failedUnderKey(failedEarlier.promotionTitle, failedEarlier.reason ?? 'FAILED'))
    : undefined;
  return {
    payouts: [...payouts, ...sent],
    refusedByProvider,
    ...(providerRefusal ? { providerRefusal } : {}),
    ...(refusal ? { refusal } : {}),
  };
}

/** The checks before a payout (DESIGN section 8) name their reason; any other refusal reads as the provider's. */
export function refusalMessage(reasons: Array<string | undefined>): string {
  if (reasons.includes('PAYEE_NOT_ACTIVE')) return payoutRefusals.payeeNotActive;
  if (reasons.includes('INSUFFICIENT_FLOAT')) return payoutRefusals.floatTooLow;
  return payoutRefusals.providerRefused;
}

/** Each requested amount matched to its balance by promotion id, and made a payout. */
async function plan(payment: BalancePayment, msisdn: string) {
  if (payment.amounts.length === 0)
    throw refuseInvalid(messages.validation.enterBalanceValues, { account_balance: 'Required' });
  const balances = new Map((await listBalances(payment.payee.id)).map((balance) => [balance.promotionId, balance]));
  return payment.amounts.map(({ promotionId, amountCents }) => {
    // a Map, not an object: no key ('__proto__', 'constructor', …) can reach a prototype
    const balance = balances.get(promotionId);
    if (!balance)
      throw refuseInvalid(payoutRefusals.unknownPromotion(promotionId), {
        [`account_balance.${promotionId}`]: 'Unknown promotion',
      });
    const { secret, hash } = newCallbackSecret();
    const payout: Payout = {
      id: balancePayoutId(payment.payee.id, payment.idempotencyKey, balance.promotionId),
      kind: payment.kind,
      userId: payment.payee.id,
      promotionId: balance.promotionId,
      promotionTitle: balance.promotionTitle,
      amountCents,
      currency: 'LRD',
      msisdn,
      status: 'pending',
      callbackSecretHash: hash,
      requestedBy: payment.actor.actorId,
      createdAt: payment.now.toISOString(),
    };
    return { payout, secret, balanceCents: balance.amountCents };
  });
}

async function assertPayable(msisdn: string): Promise<void> {
  try {
    await payoutProviderFor(msisdn);
  } catch (error) {
    if (error instanceof ProviderNotAvailableError) throw refuseInvalid(error.message);
    throw error;
  }
}
