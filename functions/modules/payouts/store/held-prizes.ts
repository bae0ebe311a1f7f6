import { queryAll, tableName, type TransactItem } from '../../../platform/dynamo';
import { keys } from '../../../platform/store/keys';
import { auditWrite, type AuditEntry } from '../../audit';
import { toDrawRecord, type ClaimCheck, type PrizeDraw } from '../../draw-records';
import { balanceChange } from './balances';
import { commitPayout } from './payouts';

/**
 * Prizes that could not be paid (issue 36 part 4): the winner's number has
 * no wallet or is no longer active. The draw leaves the PRIZEPAYOUT queue
 * (nothing retries a number that cannot be paid) for the PRIZEHELD one,
 * sorted by its claim deadline:
 *
 *   DRAW#<id>   gsi2 PRIZEHELD / <claimDeadline>#<id>   payoutStatus held
 *
 * The support desk records the winner's identity check on it (`claimCheck`,
 * naming the corrected number); a claim (a super admin) then puts it back in
 * the PRIZEPAYOUT queue to that number; at the deadline it moves to the
 * unclaimed-prizes balance, with its ledger line, in one transaction.
 */

/** The named balance unclaimed prizes move to: the platform's own, one per promotion, with its ledger. */
export const UNCLAIMED_PRIZES = 'UNCLAIMED-PRIZES';

const heldSort = (deadline: string, drawId: string) => `${deadline}#${drawId}`;

/** The draw's move to held, in the transaction that fails its payout (only the draw's current attempt speaks for it). */
export function heldDrawUpdate(
  drawId: string,
  payoutId: string,
  reason: string,
  at: string,
  deadline: string,
): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.draw(drawId),
      UpdateExpression:
        'SET payoutStatus = :held, payoutReason = :reason, payoutFailedAt = :at, claimDeadline = :deadline, gsi2pk = :queue, gsi2sk = :sort',
      ConditionExpression: 'payoutId = :payout',
      ExpressionAttributeValues: {
        ':held': 'held',
        ':reason': reason,
        ':at': at,
        ':deadline': deadline,
        ':queue': keys.prizesHeld,
        ':sort': heldSort(deadline, drawId),
        ':payout': payoutId,
      },
    },
  };
}

/**
 * The desk's identity check, kept on the held draw with its audit line (one transaction); a later check
 * replaces it (the audit log keeps each). False when it is no longer held, or past its deadline.
 */
export async function recordClaimCheck(
  drawId: string,
  check: ClaimCheck,
  audit: AuditEntry,
  now: Date,
): Promise<boolean> {
  return drawUpdateAudited(
    drawId,
    {
      UpdateExpression: 'SET claimCheck = :check',
      ConditionExpression: 'payoutStatus = :held AND claimDeadline > :now',
      ExpressionAttributeValues: { ':check': check, ':held': 'held', ':now': now.toISOString() },
    },
    audit,
    now,
  );
}

type DrawUpdate = Omit<NonNullable<TransactItem['Update']>, 'TableName' | 'Key'>;

/** A held draw's conditional update with its audit line, in one transaction: false when its condition failed. */
async function drawUpdateAudited(drawId: string, update: DrawUpdate, audit: AuditEntry, now: Date): Promise<boolean> {
  const write: TransactItem = { Update: { TableName: tableName(), Key: keys.draw(drawId), ...update } };
  const outcome = await commitPayout([[write, 'draw'] as const, [auditWrite(audit, now), 'audit'] as const]);
  if (outcome.committed) return true;
  if (outcome.failed.includes('draw')) return false;
  throw outcome.error;
}

/**
 * A claim: the held draw goes back to the PRIZEPAYOUT queue as a failed attempt due at once, to be paid to
 * the number of its identity check — the one read (`check.at`), not one recorded since — with the audit
 * line. False when it is no longer held as read, or its check was recorded again.
 */
export async function claimHeldDraw(
  draw: PrizeDraw,
  check: ClaimCheck,
  audit: AuditEntry,
  now: Date,
): Promise<boolean> {
  return drawUpdateAudited(
    draw.id,
    {
      UpdateExpression:
        'SET payoutStatus = :failed, claimMsisdn = :msisdn, payoutFailedAt = :due, gsi2pk = :queue, gsi2sk = :sort',
      // still held, by the same attempt, not past its deadline, with the identity check read
      ConditionExpression:
        'payoutStatus = :held AND payoutId = :payout AND claimDeadline > :now AND claimCheck.#at = :checkAt',
      ExpressionAttributeNames: { '#at': 'at' },
      ExpressionAttributeValues: {
        ':failed': 'failed',
        ':msisdn': check.payTo,
        // due at once: the retry backoff counts from the failure, so the claim is the failure's time long past
        ':due': draw.drawnAt,
        ':queue': keys.prizePayoutsPending,
        ':sort': `${draw.drawnAt}#${draw.id}`,
        ':held': 'held',
        ':payout': draw.payoutId,
        ':now': now.toISOString(),
        ':checkAt': check.at,
      },
    },
    audit,
    now,
  );
}

/** Held prizes whose deadline is before `cutoff` (all when none is given), soonest deadline first. */
export async function heldPrizes(cutoff?: Date): Promise<PrizeDraw[]> {
  const items = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: cutoff ? 'gsi2pk = :pk AND gsi2sk < :cutoff' : 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.prizesHeld, ...(cutoff ? { ':cutoff': cutoff.toISOString() } : {}) },
  });
  return items.map((item) => toDrawRecord(item) as PrizeDraw);
}

/**
 * At the deadline: the draw becomes unclaimed (leaving the held queue) and its prize moves to the
 * unclaimed-prizes balance with its ledger line, in one transaction. False when it was claimed meanwhile.
 */
export async function moveToUnclaimed(draw: PrizeDraw, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const outcome = await commitPayout([
    [
      {
        Update: {
          TableName: tableName(),
          Key: keys.draw(draw.id),
          UpdateExpression: 'SET payoutStatus = :unclaimed, unclaimedAt = :at REMOVE gsi2pk, gsi2sk',
          ConditionExpression: 'payoutStatus = :held AND claimDeadline <= :at',
          ExpressionAttributeValues: { ':unclaimed': 'unclaimed', ':held': 'held', ':at': at },
        },
      },
      'move',
    ] as const,
    ...balanceChange(
      {
        userId: UNCLAIMED_PRIZES,
        ownerRole: 'house',
        promotionId: draw.promotionId,
        promotionTitle: draw.promotionTitle,
        deltaCents: draw.prizeLrdCents!,
        kind: 'unclaimed-prize',
        ref: draw.id,
      },
      now,
    ).map((item) => [item, 'balance'] as const),
  ]);
  if (outcome.committed) return true;
  if (outcome.failed.includes('move')) return false;
  throw outcome.error;
}
