import { drawCodeOf } from '@shared/fairness/draw-code';
import { drawPosition } from '@shared/fairness/draw-method';
import { redrawIdOf, redrawMessages, type VoidReason } from '@shared/redraw';
import type { DrawBeacon } from '@shared/fairness/beacon';
import { beaconOfTarget, beaconTarget, type BeaconTarget } from '../../integrations/beacon';
import { refuseConflict, refuseMissing } from '../../platform/refusal';
import { contended, retryOnConflict } from '../../platform/retry';
import type { Actor } from '../audit';
import { getDraw, type DrawRecord } from '../draw-records';
import { getWindowEntry, type WindowEntry } from '../entries';
import { commitVoid } from './store/void-winner';
import { notifyWinner } from './winner-sms';

export interface VoidInput {
  drawId: string;
  reason: VoidReason;
  /** What was found: kept in the audit line (the public records show the reason only). */
  note: string;
  actor: Actor;
  now: Date;
}

/**
 * Void a drawn winner for cause and redraw (issue 36 part 1; GLI-31 and AGCO: every attempt logged and public).
 *
 * Why this design keeps the redraw verifiable: the redraw is a new record of the SAME window under its own
 * id (`<id>-r1`, `-r2`, …) with the original's commitment, seed, entry count and Merkle root — the entries
 * cannot change — and the voided tickets' seqs listed, which the pick passes over (shared/fairness/draw-method.ts
 * step 5). Its randomness is the first drand round after the void (its close time): the seed is public by
 * then, so a fresh public round the void could not know is what makes the pick unpredictable, exactly as
 * the first round after the close does for the original; `npm run verify-draw` and the /draws page check it
 * with the same code. A prize already paid is refused (no money is clawed back here); one with a payout in
 * flight waits until the provider settles it; a failed or held one is cancelled with the void.
 */
export async function voidWinnerForCause(input: VoidInput): Promise<{ voided: DrawRecord; redraw: DrawRecord }> {
  const outcome = await retryOnConflict(
    async () => {
      const draw = await getDraw(input.drawId);
      refuseUnvoidable(draw);
      const redraw = await redrawOf(draw!, input);
      const committed = await commitVoid({
        voided: draw!,
        reason: input.reason,
        redraw,
        audit: {
          ...input.actor,
          action: 'draw.void',
          target: `draw:${draw!.id}`,
          before: { winningSeq: draw!.winningSeq, payoutStatus: draw!.payoutStatus },
          after: { reason: input.reason, note: input.note, redrawId: redraw.id, winningSeq: redraw.winningSeq },
        },
        now: input.now,
      });
      if (committed.committed) return { voided: draw!, redraw };
      if (committed.failure === 'busy') return contended();
      // another void (or a payout) changed it meanwhile: answer from what it is now
      refuseUnvoidable(await getDraw(input.drawId));
      throw refuseConflict(redrawMessages.changedMeanwhile);
    },
    { attempts: 4, baseMs: 20, capMs: 200, exhausted: () => refuseConflict(redrawMessages.changedMeanwhile) },
  );
  // the new winner is told as any winner is (after the commit; the SMS job retries a gateway failure)
  await notifyWinner(outcome.redraw, input.now);
  return outcome;
}

/** A void of an unknown draw, one without a winner, one voided already, or a prize paid or being paid: refused, nothing changes. */
function refuseUnvoidable(draw: DrawRecord | undefined): asserts draw is DrawRecord {
  if (!draw) throw refuseMissing(redrawMessages.noSuchDraw);
  if (draw.voided) throw refuseConflict(redrawMessages.alreadyVoided);
  if (!draw.winnerEntryId || draw.winningSeq === undefined || draw.prizeLrdCents === undefined)
    throw refuseConflict(redrawMessages.noWinner);
  if (draw.payoutStatus === 'paid') throw refuseConflict(redrawMessages.alreadyPaid);
  if (draw.payoutStatus === 'unclaimed') throw refuseConflict(redrawMessages.unclaimed);
  if (draw.payoutId && draw.payoutStatus === 'pending') throw refuseConflict(redrawMessages.payoutInFlight);
  if (!draw.merkleRoot || !draw.beacon) throw refuseConflict(redrawMessages.oldMethod);
}

/**
 * The reasons that void the person, not only the ticket: the voided winner's other tickets in the window are
 * passed over too (an excluded player or a staff member may not win with any ticket); a ticket found invalid
 * voids that ticket alone.
 */
const VOIDS_THE_PERSON: ReadonlySet<VoidReason> = new Set(['excluded-player', 'staff-member']);

/**
 * The redraw's record: the same window, entries and seed; a fresh round after the void; the voided seqs passed
 * over. Where the reason voids the person, a pick that lands on another of their tickets passes over it too
 * and picks again with the same round: each such seq is listed, so the record's pick still verifies.
 */
async function redrawOf(draw: DrawRecord, input: VoidInput): Promise<DrawRecord> {
  const excludedSeqs = [...(draw.excludedSeqs ?? []), draw.winningSeq!];
  if (excludedSeqs.length >= draw.entryCount) throw refuseConflict(redrawMessages.nothingLeft);
  const id = redrawIdOf(draw.id);
  // never the voided draw's own round (a clock or a beacon ahead of it could name it): always a later one
  const target = await beaconTarget(input.now, draw.beacon!.round);
  const beacon = await beaconOfTarget(target);
  for (;;) {
    const position = await drawPosition({
      method: 'commit-merkle-beacon-1',
      drawId: id,
      seedHex: draw.seed,
      entryCount: draw.entryCount,
      merkleRoot: draw.merkleRoot,
      beaconRandomness: beacon.randomness,
      excludedPositions: excludedSeqs.map((seq) => seq - draw.firstSeq + 1),
    });
    const seq = draw.firstSeq - 1 + position;
    const winner = await getWindowEntry(draw.assignmentId, draw.windowNo, seq);
    if (!winner) throw new Error(`window ${draw.id} has no entry at seq ${seq}`);
    if (VOIDS_THE_PERSON.has(input.reason) && winner.msisdn === draw.winnerMsisdn) {
      excludedSeqs.push(seq);
      if (excludedSeqs.length >= draw.entryCount) throw refuseConflict(redrawMessages.nothingLeft);
      continue;
    }
    return redrawRecord(draw, input, { id, target, beacon, seq, winner, excludedSeqs });
  }
}

async function redrawRecord(
  draw: DrawRecord,
  input: VoidInput,
  pick: {
    id: string;
    target: BeaconTarget;
    beacon: DrawBeacon;
    seq: number;
    winner: WindowEntry;
    excludedSeqs: number[];
  },
): Promise<DrawRecord> {
  const { id, target, beacon, seq, winner, excludedSeqs } = pick;
  const drawCode = await drawCodeOf(draw.merkleRoot!, target.round);
  return {
    id,
    assignmentId: draw.assignmentId,
    promotionId: draw.promotionId,
    partnerId: draw.partnerId,
    promotionTitle: draw.promotionTitle,
    game: draw.game,
    kind: draw.kind,
    windowNo: draw.windowNo,
    method: 'commit-merkle-beacon-1',
    ...(draw.openedAt ? { openedAt: draw.openedAt } : {}),
    // its "close" is the void: the round is the first after it, as a draw's is after its close
    closedAt: target.closedAt.toISOString(),
    merkleRoot: draw.merkleRoot!,
    beacon,
    drawCode,
    commitment: draw.commitment,
    seed: draw.seed,
    windowCount: draw.windowCount,
    entryCount: draw.entryCount,
    firstSeq: draw.firstSeq,
    ...(draw.lastSeq !== undefined ? { lastSeq: draw.lastSeq } : {}),
    winningSeq: seq,
    winnerEntryId: winner.entryId,
    winnerMsisdn: winner.msisdn,
    winnerTicket: winner.ticketNumber,
    prizeLrdCents: draw.prizeLrdCents!,
    payoutStatus: 'pending',
    ...(draw.drawDay ? { drawDay: draw.drawDay } : {}),
    redrawOf: { drawId: draw.id, reason: input.reason },
    excludedSeqs,
    drawnAt: input.now.toISOString(),
    drawnBy: input.actor.actorId,
  };
}
