import type { HeldPrizesResponse, IdentityCheckView } from '@shared/api/schemas/held-prizes';
import { oversightMessages } from '@shared/oversight-messages';
import { formatMoney } from '@shared/money';
import { maskMobileNumber } from '@shared/phone';
import { logger } from '../../platform/logger';
import { refuseConflict, refuseMissing } from '../../platform/refusal';
import type { Actor } from '../audit';
import { getDraw, hasWinner, type ClaimCheck, type PrizeDraw } from '../draw-records';
import { prizePayoutId } from './payout-id';
import { payPrize } from './prize-payouts';
import { listBalances, listLedger } from './store/balances';
import { claimHeldDraw, heldPrizes, moveToUnclaimed, recordClaimCheck, UNCLAIMED_PRIZES } from './store/held-prizes';

/**
 * Held prizes (issue 36 part 4; ./held-prize-rules.ts holds them): the
 * support desk records the winner's identity check and the corrected number
 * it names; a super admin then pays the prize to that number; or, unclaimed
 * by the deadline, the job moves it to the unclaimed-prizes balance.
 */

export interface IdentityCheck {
  drawId: string;
  /** Normalised 231XXXXXXXXX. */
  msisdn: string;
  identityCheck: string;
  notes?: string;
}

/** A draw held for a claim now: its deadline not passed. */
async function heldDraw(drawId: string, now: Date): Promise<PrizeDraw> {
  const draw = (await getDraw(drawId)) as PrizeDraw | undefined;
  if (!draw || !hasWinner(draw)) throw refuseMissing(oversightMessages.heldPrizes.notFound);
  if (draw.payoutStatus !== 'held' || !draw.claimDeadline || draw.claimDeadline <= now.toISOString())
    throw refuseConflict(oversightMessages.heldPrizes.notHeld);
  return draw;
}

/** The support desk records the winner's identity check on a held prize, naming the number to pay (audit-logged). */
export async function recordIdentityCheck(input: IdentityCheck, actor: Actor, now: Date): Promise<ClaimCheck> {
  const draw = await heldDraw(input.drawId, now);
  const check: ClaimCheck = {
    check: input.identityCheck,
    payTo: input.msisdn,
    ...(input.notes ? { notes: input.notes } : {}),
    by: actor.actorId,
    at: now.toISOString(),
  };
  const audit = {
    ...actor,
    action: 'prize.identity-check',
    target: `draw:${draw.id}`,
    before: { winner: draw.winnerMsisdn, ...(draw.claimCheck ? { claimCheck: draw.claimCheck } : {}) },
    after: { claimCheck: check },
  };
  if (!(await recordClaimCheck(draw.id, check, audit, now))) throw refuseConflict(oversightMessages.heldPrizes.notHeld);
  return check;
}

/**
 * Pay a held prize to the number its identity check names — the check the super admin read (`checkAt`):
 * the draw goes back to the payout queue with that number and the check in its audit line (one
 * transaction), then its next attempt starts at once (the scheduler's own path, which a racing scheduler
 * run may take first: the same attempt).
 */
export async function claimHeldPrize(
  claim: { drawId: string; checkAt: string },
  actor: Actor,
  now: Date,
): Promise<string> {
  const draw = await heldDraw(claim.drawId, now);
  const check = draw.claimCheck;
  if (!check) throw refuseConflict(oversightMessages.heldPrizes.noIdentityCheck);
  if (check.at !== claim.checkAt) throw refuseConflict(oversightMessages.heldPrizes.checkChanged);
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
    after: {
      payTo: check.payTo,
      identityCheck: check.check,
      checkedBy: check.by,
      checkedAt: check.at,
      ...(check.notes ? { notes: check.notes } : {}),
    },
  };
  if (!(await claimHeldDraw(draw, check, audit, now))) {
    const again = (await getDraw(draw.id)) as PrizeDraw | undefined;
    const rechecked = again?.payoutStatus === 'held' && again.claimCheck?.at !== check.at;
    throw refuseConflict(rechecked ? oversightMessages.heldPrizes.checkChanged : oversightMessages.heldPrizes.notHeld);
  }
  const attempt = (draw.payoutAttempt ?? 1) + 1;
  await payPrize({ ...draw, payoutStatus: 'failed', claimMsisdn: check.payTo }, attempt, now);
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

/**
 * Held prizes (winners masked) and the unclaimed-prizes balance with its lines: the super admin's view, and
 * (`regulator`) the regulator's, which leaves out the identity check's own words — free text that may name a
 * number or an ID — and shows only that one was recorded, by whom, when and for which masked number.
 */
export async function heldPrizesView(audience: 'staff' | 'regulator' = 'staff'): Promise<HeldPrizesResponse> {
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
      ...(draw.claimCheck ? { identityCheck: maskedCheck(draw.claimCheck, audience) } : {}),
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

/** A held prize's identity check on the wire: its number in full on the desk, masked on the other screens. */
export const checkView = (check: ClaimCheck, showNumber: (msisdn: string) => string = (m) => m): IdentityCheckView => ({
  check: check.check,
  pay_to: showNumber(check.payTo),
  ...(check.notes ? { notes: check.notes } : {}),
  by: check.by,
  at: check.at,
});

/** A check on the Payouts and regulator screens: its number masked; its words for staff only. */
const maskedCheck = (check: ClaimCheck, audience: 'staff' | 'regulator'): IdentityCheckView =>
  audience === 'staff'
    ? checkView(check, maskMobileNumber)
    : { pay_to: maskMobileNumber(check.payTo), by: check.by, at: check.at };

/** A number's prizes held for a claim (the support desk's player page), soonest deadline first. */
export async function heldPrizesOf(msisdn: string): Promise<PrizeDraw[]> {
  return (await heldPrizes()).filter((draw) => draw.winnerMsisdn === msisdn);
}
