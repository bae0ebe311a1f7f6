import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { drawIdOf } from '../../shared/draw-math';
import type { DrawBeacon } from '../../shared/fairness/beacon';
import { drawPosition } from '../../shared/fairness/draw-method';
import { beaconForClose } from '../integrations/beacon';
import { prizeLine } from '../domain/game-ledger';
import { periodsOf } from '../domain/periods';
import { db, failedConditionIndexes, isConditionFailure, isTransactionConflict } from '../lib/dynamo';
import { jitteredBackoff } from '../lib/pause';
import type { Assignment, ClearPending } from '../store/assignments';
import { auditWrite, type AuditEntry } from '../store/audit';
import { winnerCounterWrites } from '../store/counters';
import {
  drawRecordPut,
  getWindowEntry,
  houseDrawMarkerPut,
  windowCloseUpdate,
  winningEntryUpdate,
  type DrawKind,
  type DrawRecord,
} from '../store/draws';
import type { EntryGame } from '../store/entries';
import { gameLedgerPut } from '../store/game-ledger';
import { windowMerkleRoot } from '../store/window-frontier';
import { newWindowSeed, windowSeedPut, type WindowSeed } from '../store/window-seeds';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Who closes a window: a staff user (with the audit line's where-from) or the scheduler. */
export type DrawActor = Omit<AuditEntry, 'action' | 'target' | 'before' | 'after'> | 'scheduler';

/** What closing one window means: read first, then committed in one transaction by `closeWindow`. */
export interface WindowClosing {
  /** The assignment as read: its window number and count are what the close is conditioned on. */
  assignment: Assignment;
  /** The closing window's seed (revealed in the record). */
  seed: WindowSeed;
  kind: DrawKind;
  game: EntryGame;
  promotionTitle: string;
  /** The winner is drawn among seqs firstSeq..windowCount (house draws leave out expired tickets). */
  firstSeq: number;
  /** No winner is drawn (a clear). */
  noWinner?: boolean;
  /** A clear: what becomes of the window's paid entries (carried into the next window, or refunded). */
  clear?: ClearPending;
  prizeLrdCents: number;
  actor: DrawActor;
  /** Audit verb for staff closes, e.g. `draw.conduct`, `draw.clear`. */
  auditAction?: string;
  /** House draws: the marker that makes them once per game and draw day. */
  marker?: { game: string; drawDay: string };
  /** A retried close: the beacon round of the attempt before (the next attempt draws with a later one). */
  afterRound?: number;
  /** Extra conditions that must still hold when the close commits (e.g. the announcer is on duty). */
  checks?: TransactItem[];
  now: Date;
}

/** Why a close did not commit; the caller decides (re-read, retry or answer 409). */
export type CloseFailure =
  /** Another draw or clear closed this window (its record, its next seed or its marker exists). */
  | 'already-drawn'
  /** The house game was drawn for that day already. */
  | 'marker-taken'
  /** The window's count moved (an entry settled): read again and draw among the new count. */
  | 'window-changed'
  /** A check failed (e.g. the announcer checked out meanwhile). */
  | 'check-failed'
  /** Another transaction was writing the same items at that instant. */
  | 'busy';

/** `round`: the beacon round the attempt drew with, for the caller's next attempt (`afterRound`). */
export type CloseResult =
  | { closed: true; record: DrawRecord }
  | { closed: false; failure: CloseFailure; round?: number };

interface DrawPick {
  entryCount: number;
  closedAt: Date;
  merkleRoot: string;
  seq?: number;
  beacon?: DrawBeacon;
}

/**
 * The pick, as the record will show it (DESIGN section 4, "Fair draws"; method commit-merkle-beacon-1):
 * the window's entries fixed by their Merkle root, then the first beacon round after the close, then the
 * seq the committed seed picks with both; none when there is nothing to draw. Throws a 503 when the
 * beacon cannot be had: a draw never goes on without it.
 */
async function pickOf(closing: WindowClosing): Promise<DrawPick> {
  const { assignment, seed, firstSeq } = closing;
  const entryCount = Math.max(0, assignment.windowCount - firstSeq + 1);
  const merkleRoot = await windowMerkleRoot(assignment);
  if (closing.noWinner || entryCount === 0) return { entryCount, closedAt: closing.now, merkleRoot };
  const { beacon, closedAt } = await beaconForClose(closing.now, closing.afterRound);
  const position = await drawPosition({
    method: DRAW_METHOD,
    drawId: drawIdOf(assignment.id, assignment.windowNo),
    seedHex: seed.seedHex,
    entryCount,
    merkleRoot,
    beaconRandomness: beacon.randomness,
  });
  return { entryCount, closedAt, merkleRoot, beacon, seq: firstSeq - 1 + position };
}

/** The method every new draw uses (older records name theirs, or are 'commit-reveal-1'). */
const DRAW_METHOD = 'commit-merkle-beacon-1';

/**
 * Close a draw window (DESIGN section 4) in ONE transaction: the assignment
 * moves to the next window (count 0, new commitment) only if it is still the
 * window that was read with the count that was read; the draw record (seed
 * revealed); the next window's seed; the winning entry marked won; winner and
 * prize counters; the prize's game-ledger line; the house marker; the audit line. Reads one window item,
 * whatever the window's size.
 */
export async function closeWindow(closing: WindowClosing): Promise<CloseResult> {
  const { assignment, seed, now } = closing;
  const at = now.toISOString();
  const drawId = drawIdOf(assignment.id, assignment.windowNo);
  const { entryCount, seq, closedAt, merkleRoot, beacon } = await pickOf(closing);
  const winner = seq === undefined ? undefined : await getWindowEntry(assignment.id, assignment.windowNo, seq);
  if (seq !== undefined && !winner)
    throw new Error(`window ${drawId} has no entry at seq ${seq} of ${assignment.windowCount}`);

  const record: DrawRecord = {
    id: drawId,
    assignmentId: assignment.id,
    promotionId: assignment.promotionId,
    partnerId: assignment.partnerId,
    promotionTitle: closing.promotionTitle,
    game: closing.game,
    kind: closing.kind,
    windowNo: assignment.windowNo,
    method: DRAW_METHOD,
    openedAt: seed.createdAt,
    closedAt: closedAt.toISOString(),
    merkleRoot,
    ...(beacon ? { beacon } : {}),
    commitment: seed.commitment,
    seed: seed.seedHex,
    windowCount: assignment.windowCount,
    entryCount,
    firstSeq: closing.firstSeq,
    ...(winner && seq !== undefined
      ? {
          winningSeq: seq,
          winnerEntryId: winner.entryId,
          winnerMsisdn: winner.msisdn,
          winnerTicket: winner.ticketNumber,
          prizeLrdCents: closing.prizeLrdCents,
          payoutStatus: 'pending' as const,
        }
      : {}),
    ...(closing.marker ? { drawDay: closing.marker.drawDay } : {}),
    ...(closing.clear ? { clearMode: closing.clear.mode } : {}),
    drawnAt: at,
    drawnBy: closing.actor === 'scheduler' ? 'scheduler' : closing.actor.actorId,
  };
  const next = newWindowSeed(assignment.id, assignment.windowNo + 1, now);

  // each item with what its failed condition means
  const items: Array<[TransactItem, CloseFailure | 'bug']> = [
    [
      windowCloseUpdate({
        assignmentId: assignment.id,
        windowNo: assignment.windowNo,
        windowCount: assignment.windowCount,
        nextCommitment: next.commitment,
        openedAt: at,
        ...(closing.kind === 'cleared' ? {} : { lastDrawDay: periodsOf(now).day }),
        ...(closing.clear ? { clear: closing.clear } : {}),
      }),
      'window-changed',
    ],
    [drawRecordPut(record), 'already-drawn'],
    [windowSeedPut(next), 'already-drawn'],
  ];
  if (winner && seq !== undefined) {
    // its only way to have won already: this very window's draw committed first
    items.push([
      winningEntryUpdate(
        { entryId: winner.entryId, windowNo: assignment.windowNo, seq },
        drawId,
        closing.prizeLrdCents,
        at,
      ),
      'already-drawn',
    ]);
    for (const counter of winnerCounterWrites(assignment, closing.prizeLrdCents, now)) items.push([counter, 'bug']);
    // the prize is owed from the draw on: booked with it (DESIGN section 4 "Tax"); its key is the draw's, as the record's
    items.push([
      gameLedgerPut(prizeLine('prize-awarded', { ...record, prizeLrdCents: closing.prizeLrdCents }, at)),
      'already-drawn',
    ]);
  }
  if (closing.marker)
    items.push([houseDrawMarkerPut(closing.marker.game, closing.marker.drawDay, drawId, at), 'marker-taken']);
  for (const check of closing.checks ?? []) items.push([check, 'check-failed']);
  if (closing.actor !== 'scheduler') {
    const action = closing.auditAction ?? `draw.${closing.kind}`;
    const summary = {
      drawId,
      windowNo: record.windowNo,
      entryCount,
      winningSeq: record.winningSeq,
      prizeLrdCents: record.prizeLrdCents,
      ...(closing.clear ? { clearMode: closing.clear.mode, paidTickets: closing.clear.count } : {}),
    };
    items.push([
      auditWrite({ ...closing.actor, action, target: `assignment:${assignment.id}`, after: summary }, now),
      'bug',
    ]);
  }

  try {
    await db().send(new TransactWriteCommand({ TransactItems: items.map(([item]) => item) }));
    return { closed: true, record };
  } catch (error) {
    if (isConditionFailure(error)) {
      const failures = new Set(failedConditionIndexes(error).map((i) => items[i]![1]));
      if (failures.has('bug')) throw error;
      for (const failure of ['marker-taken', 'already-drawn', 'window-changed', 'check-failed'] as const) {
        if (failures.has(failure)) return { closed: false, failure, round: beacon?.round };
      }
    }
    if (isTransactionConflict(error)) return { closed: false, failure: 'busy', round: beacon?.round };
    throw error;
  }
}

/** Jittered backoff between attempts on a contended window, capped at ~80 ms. */
export const backoff = (attempt: number): Promise<void> => jitteredBackoff(attempt, 5, 80);
