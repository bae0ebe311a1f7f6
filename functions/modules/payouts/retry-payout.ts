import { refuseConflict, refuseMissing } from '../../platform/refusal';
import type { AuditEntry } from '../audit';
import type { PrizeDraw } from '../draw-records';
import { getDraw } from '../draw-records';
import { getUser } from '../staff';
import { payoutRefusals } from './pay-from-balance';
import { getPayout, getPayouts, holdBalancePayout, type Payout } from './store/payouts';
import { newCallbackSecret } from '../../platform/callback-secret';
import { payoutIdOf, prizePayoutId } from './payout-id';
import { payPrize } from './prize-payouts';
import { sendTransfer } from './send-transfer';

const retryRefusals = {
  notFound: 'Payout not found.',
  notFailed: 'Only a failed payout can be retried.',
  noNumber: 'This account has no mobile money number to pay to.',
  payeeGone: 'The payee of this payout no longer exists.',
  overBalance: 'The balance no longer covers this amount, so nothing was sent.',
  prizeMoved: 'This prize has already been retried or paid.',
  prizeHeld:
    'This prize cannot be paid to its number (no active wallet): it is held for the winner to claim. Pay it to a corrected number from Held prizes after an identity check.',
  refund: 'A refund of a cleared draw is not retried from here: pay the player by hand and record it.',
} as const;

const PAYOUT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A retry's id: derived from the failed payout, so any number of clicks start one retry (DESIGN section 5). */
export const retryPayoutId = (failedId: string) => payoutIdOf('retry', failedId);

export type RetryActor = Omit<AuditEntry, 'action' | 'target' | 'before' | 'after'>;

/**
 * Retry a failed payout (the admin Payouts screen; DESIGN section 4
 * "Payouts"): a NEW payout with a new reference for the same amount. A
 * partner's or announcer's failed payout had its hold restored, so the retry
 * holds it again (never below zero) and pays the payee's number as it is now;
 * a prize is the draw's next attempt (the scheduler's own path). The failed
 * payout is marked with its retry in the same transaction, so two clicks
 * start one payout; the second answers with the first's.
 */
export async function retryPayout(failedId: string, actor: RetryActor, now: Date): Promise<Payout> {
  // every payout id is a UUID (payout-id.ts, randomUUID): anything else names no payout, and may not even be a valid key
  if (!PAYOUT_ID.test(failedId)) throw refuseMissing(retryRefusals.notFound);
  const failed = await getPayout(failedId);
  if (!failed) throw refuseMissing(retryRefusals.notFound);
  if (failed.status !== 'failed') throw refuseConflict(retryRefusals.notFailed);
  if (failed.retriedAs) return retryOf(failed.retriedAs);
  // a cleared draw's refund holds no balance to take again (DESIGN section 4 "Clear draw")
  if (failed.kind === 'refund') throw refuseConflict(retryRefusals.refund);
  return failed.kind === 'prize' ? retryPrize(failed, actor, now) : retryBalancePayout(failed, actor, now);
}

async function retryBalancePayout(failed: Payout, actor: RetryActor, now: Date): Promise<Payout> {
  const payee = await getUser(failed.userId!);
  if (!payee) throw refuseConflict(retryRefusals.payeeGone);
  if (!payee.mobileMoneyNumber) throw refuseConflict(retryRefusals.noNumber);
  const { secret, hash } = newCallbackSecret();
  const payout: Payout = {
    id: retryPayoutId(failed.id),
    kind: failed.kind,
    userId: failed.userId,
    promotionId: failed.promotionId,
    promotionTitle: failed.promotionTitle,
    amountCents: failed.amountCents,
    currency: failed.currency,
    msisdn: payee.mobileMoneyNumber,
    status: 'pending',
    callbackSecretHash: hash,
    requestedBy: actor.actorId,
    retryOf: failed.id,
    createdAt: now.toISOString(),
  };
  const target = `${failed.kind}:${payee.searchString ?? payee.id}`;
  const outcome = await holdBalancePayout(payout, { actor, target }, now, failed);
  if (outcome === 'insufficient') throw refuseConflict(retryRefusals.overBalance);
  if (outcome === 'payee-gone') throw refuseConflict(payoutRefusals.payeeGone);
  if (outcome !== 'held') return retryOf(payout.id, failed);
  return { ...payout, ...(await sendTransfer(payout, secret, now)) };
}

async function retryPrize(failed: Payout, actor: RetryActor, now: Date): Promise<Payout> {
  const draw = (await getDraw(failed.drawId!)) as PrizeDraw | undefined;
  if (!draw) throw refuseConflict(retryRefusals.prizeMoved);
  // a held prize is paid only to a corrected number, after an identity check (./held-prizes.ts)
  if (draw.payoutId === failed.id && (draw.payoutStatus === 'held' || draw.payoutStatus === 'unclaimed'))
    throw refuseConflict(retryRefusals.prizeHeld);
  const attempt = (failed.attempt ?? 1) + 1;
  // the scheduler may have retried it meanwhile: then that attempt is the answer
  if (draw.payoutId === failed.id && draw.payoutStatus === 'failed') {
    await payPrize(draw, attempt, now, { ...actor, action: 'prize.retry', target: `draw:${draw.id}` });
  }
  // started here or by a concurrent click or the scheduler: the same attempt's id either way
  return retryOf(prizePayoutId(draw.id, attempt), failed);
}

/** The retry already started (by this call or a concurrent one). */
async function retryOf(id: string, failed?: Payout): Promise<Payout> {
  const found = (await getPayouts([id])).get(id);
  if (found) return found;
  // a concurrent retry under another id (the scheduler's, for a prize) was marked on the failed payout
  const marked = failed ? (await getPayout(failed.id))?.retriedAs : undefined;
  const other = marked ? (await getPayouts([marked])).get(marked) : undefined;
  if (!other) throw refuseConflict(retryRefusals.prizeMoved);
  return other;
}
