import { logger } from '../../platform/logger';
import { drawsAwaitingPrizePayout, hasWinner, type PrizeDraw } from '../draw-records';
import type { AuditEntry } from '../audit';
import { startPrizePayout, type Payout } from './store/payouts';
import { newCallbackSecret } from '../../platform/callback-secret';
import { prizePayoutId } from './payout-id';
import { sendTransfer } from './send-transfer';

/**
 * Prize payouts (DESIGN section 4): every winning draw in the
 * PRIZEPAYOUT queue gets its prize sent to the winner's number in LRD. The
 * payout's id is derived from the draw and the attempt, and starting it is
 * conditional on the draw record, so a prize is never paid twice however many
 * runs race. A failed payout is retried with a NEW reference — only after the
 * provider said FAILED, never while a previous transfer might still succeed
 * (a NOT_FOUND counts only once it lasted NOT_FOUND_SETTLE_MS: confirm-payout.ts)
 * — backing off 0, 2, 4, … minutes (at most a day) between attempts.
 */
const MAX_RETRY_DELAY_MS = 24 * 60 * 60_000;

/** How long to wait after attempt `attemptsMade` failed before the next one. */
export function retryDelayMs(attemptsMade: number): number {
  return attemptsMade <= 1 ? 0 : Math.min(2 ** (attemptsMade - 1) * 60_000, MAX_RETRY_DELAY_MS);
}

/** Which attempt a queued draw is due for now, if any. */
export function nextAttempt(draw: PrizeDraw, now: Date): number | undefined {
  if (!hasWinner(draw)) return undefined;
  if (!draw.payoutId) return 1;
  if (draw.payoutStatus !== 'failed') return undefined; // in flight: reconciliation settles it
  const attemptsMade = draw.payoutAttempt ?? 1;
  const failedAt = Date.parse(draw.payoutFailedAt ?? draw.drawnAt);
  return now.getTime() - failedAt >= retryDelayMs(attemptsMade) ? attemptsMade + 1 : undefined;
}

export async function startDuePrizePayouts(now: Date): Promise<Record<string, number>> {
  const due = (await drawsAwaitingPrizePayout()).flatMap((draw) => {
    const attempt = nextAttempt(draw, now);
    return attempt ? [{ draw, attempt }] : [];
  });
  const outcomes: Record<string, number> = {};
  for (const { draw, attempt } of due) {
    try {
      const outcome = await payPrize(draw, attempt, now);
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    } catch (error) {
      outcomes.error = (outcomes.error ?? 0) + 1;
      logger.error('prize payout failed to start', { drawId: draw.id, attempt, error });
    }
  }
  return outcomes;
}

/**
 * Start attempt `attempt` at paying a draw's prize and send it; `audit` names
 * the admin when one asked for it (the Payouts screen's Retry) rather than the
 * scheduler. 'taken' when that attempt was already started.
 */
export async function payPrize(draw: PrizeDraw, attempt: number, now: Date, audit?: AuditEntry): Promise<string> {
  const { secret, hash } = newCallbackSecret();
  const payout: Payout = {
    id: prizePayoutId(draw.id, attempt),
    kind: 'prize',
    promotionId: draw.promotionId,
    promotionTitle: draw.promotionTitle || draw.game,
    amountCents: draw.prizeLrdCents!,
    currency: 'LRD',
    // a held prize claimed after an identity check is paid to the corrected number (./held-prizes.ts)
    msisdn: draw.claimMsisdn ?? draw.winnerMsisdn!,
    status: 'pending',
    callbackSecretHash: hash,
    requestedBy: audit?.actorId ?? 'scheduler',
    drawId: draw.id,
    attempt,
    createdAt: now.toISOString(),
  };
  if (!(await startPrizePayout(payout, draw, audit))) return 'taken';
  const { status } = await sendTransfer(payout, secret, now);
  return attempt === 1 ? `started-${status}` : `retried-${status}`;
}
