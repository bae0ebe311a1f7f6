import type { HeldPrizesResponse } from '@shared/api/schemas/held-prizes';
import { oversightMessages } from '@shared/oversight-messages';
import { formatMoney } from '@shared/money';
import { maskMobileNumber } from '@shared/phone';
import { logger } from '../../platform/logger';
import { refuseConflict, refuseMissing } from '../../platform/refusal';
import type { Actor } from '../audit';
import { getDraw, hasWinner, type PrizeDraw } from '../draw-records';
import { prizePayoutId } from './payout-id';
import { payPrize } from './prize-payouts';
import { listBalances, listLedger } from './store/balances';
import { claimHeldDraw, heldPrizes, moveToUnclaimed, UNCLAIMED_PRIZES } from './store/held-prizes';

/**
 * Held prizes (issue 36 part 4; ./held-prize-rules.ts holds them): claimed
 * to a corrected number by a super admin after an identity check, or moved
 * to the unclaimed-prizes balance by the deadline job.
 */

export interface Claim {
  drawId: string;
  /** Normalised 231XXXXXXXXX. */
  msisdn: string;
  identityCheck: string;
  notes?: string;
}

/**
 * Pay a held prize to a corrected number: the draw goes back to the payout
 * queue with that number and the identity check in its audit line (one
 * transaction), then its next attempt starts at once (the scheduler's own
 * path, which a racing scheduler run may take first: the same attempt).
 */
export async function claimHeldPrize(claim: Claim, actor: Actor, now: Date): Promise<string> {
  const draw = (await getDraw(claim.drawId)) as PrizeDraw | undefined;
  if (!draw || !hasWinner(draw)) throw refuseMissing(oversightMessages.heldPrizes.notFound);
  if (draw.payoutStatus !== 'held' || !draw.claimDeadline || draw.claimDeadline <= now.toISOString())
    throw refuseConflict(oversightMessages.heldPrizes.notHeld);
  const audit = {
    ...actor,
    action: 'prize.claim',
    target: `draw:${draw.id}`,
    before: {
      payoutStatus: 'held',
      reason: draw.payoutReason,
      winner: draw.winnerMsisdn,
      claimDeadline: draw.claimDeadline,
    },
    after: { payTo: claim.msisdn, identityCheck: claim.identityCheck, ...(claim.notes ? { notes: claim.notes } : {}) },
  };
  if (!(await claimHeldDraw(draw, claim.msisdn, audit, now)))
    throw refuseConflict(oversightMessages.heldPrizes.notHeld);
  const attempt = (draw.payoutAttempt ?? 1) + 1;
  await payPrize({ ...draw, payoutStatus: 'failed', claimMsisdn: claim.msisdn }, attempt, now);
  return prizePayoutId(draw.id, attempt);
}

/** The deadline job: every held prize past its claim deadline moves to the unclaimed-prizes balance. */
export async function expireHeldPrizes(now: Date): Promise<Record<string, unknown>> {
  let moved = 0;
  let claimedMeanwhile = 0;
  for (const draw of await heldPrizes(now)) {
    if (await moveToUnclaimed(draw, now)) moved += 1;
    else claimedMeanwhile += 1;
  }
  if (moved > 0) logger.info('held prizes moved to the unclaimed-prizes balance', { moved });
  return { moved, claimedMeanwhile };
}

/** Held prizes (winners masked) and the unclaimed-prizes balance with its lines: the super admin's and the regulator's view. */
export async function heldPrizesView(): Promise<HeldPrizesResponse> {
  const [held, balances, ledger] = await Promise.all([
    heldPrizes(),
    listBalances(UNCLAIMED_PRIZES),
    listLedger(UNCLAIMED_PRIZES),
  ]);
  const titles = new Map(balances.map((b) => [b.promotionId, b.promotionTitle]));
  return {
    held: held.map((draw) => ({
      drawId: draw.id,
      promotion: draw.promotionTitle,
      amount: formatMoney(draw.prizeLrdCents ?? 0),
      winner: maskMobileNumber(draw.winnerMsisdn ?? ''),
      ticket: draw.winnerTicket ?? '',
      reason: draw.payoutReason ?? '',
      claimDeadline: draw.claimDeadline ?? '',
      drawnAt: draw.drawnAt,
    })),
    unclaimed: {
      total: formatMoney(balances.reduce((sum, b) => sum + b.amountCents, 0)),
      byPromotion: balances.map((b) => ({
        promotionId: b.promotionId,
        promotion: b.promotionTitle,
        amount: formatMoney(b.amountCents),
      })),
      lines: ledger.map((line) => ({
        drawId: line.ref,
        promotion: titles.get(line.promotionId) ?? line.promotionTitle,
        amount: formatMoney(line.deltaCents),
        at: line.at,
      })),
    },
  };
}
