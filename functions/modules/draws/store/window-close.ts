import { prizeLine, winnerCounterWrites, gameLedgerPut } from '../../ledger';
import { commitLabelled, type TransactItem } from '../../../platform/dynamo';
import type { Assignment, WindowClear } from '../../catalog';
import { auditWrite, type AuditEntry } from '../../audit';
import { queuedClearPut } from './clear-queue';
import { houseDrawMarkerPut, windowCloseUpdate, winningEntryUpdate, type LateTail } from './draws';
import { drawCodePut, drawRecordPut, type DrawRecord } from '../../draw-records';
import { windowSeedPut, type WindowSeed } from '../../catalog';

/** Why a window close did not commit; the caller decides (re-read, retry or answer 409). */
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

/** Everything one window close writes, decided before it commits (functions/modules/draws/close-window.ts). */
export interface WindowCloseWrite {
  /** The assignment as read: the close is conditioned on its window number and count. */
  assignment: Assignment;
  /** The closed window's record, seed revealed; a winner's fields when it has one. */
  record: DrawRecord;
  /** The next window's seed (its commitment goes on the assignment). */
  next: WindowSeed;
  /** Threshold and house draws set the day of the last draw; a clear does not. */
  lastDrawDay?: string;
  clear?: WindowClear;
  /** House draws: the tickets paid after the draw moment, opening the next window. */
  tail?: LateTail;
  /** House draws: the marker that makes them once per game and draw day. */
  marker?: { game: string; drawDay: string };
  /** Conditions that must still hold when the close commits (e.g. the announcer is on duty). */
  checks?: readonly TransactItem[];
  /** Staff closes leave an audit line; the scheduler's do not. */
  audit?: AuditEntry;
  now: Date;
}

/**
 * Close a draw window (DESIGN section 4) in ONE transaction: the assignment
 * moves to the next window (count 0, new commitment) only if it is still the
 * window that was read with the count that was read; the draw record; the
 * next window's seed; the winning entry marked won; winner and prize
 * counters; the prize's game-ledger line; the house marker; the audit line;
 * a clear's queue item.
 */
export async function commitWindowClose(
  close: WindowCloseWrite,
): Promise<{ closed: true } | { closed: false; failure: CloseFailure }> {
  const { assignment, record, next, now } = close;
  const at = now.toISOString();
  // each item with what its failed condition means
  const items: Array<[TransactItem, CloseFailure | 'bug']> = [
    [
      windowCloseUpdate({
        assignmentId: assignment.id,
        windowNo: assignment.windowNo,
        windowCount: assignment.windowCount,
        nextCommitment: next.commitment,
        openedAt: at,
        ...(close.lastDrawDay ? { lastDrawDay: close.lastDrawDay } : {}),
        ...(close.clear ? { clear: close.clear.mode } : {}),
        ...(close.tail ? { tail: close.tail } : {}),
      }),
      'window-changed',
    ],
    [drawRecordPut(record), 'already-drawn'],
    [windowSeedPut(next), 'already-drawn'],
  ];
  if (record.drawCode) items.push([drawCodePut(record), 'bug']);
  if (record.winnerEntryId !== undefined && record.winningSeq !== undefined && record.prizeLrdCents !== undefined) {
    const prize = record.prizeLrdCents;
    // its only way to have won already: this very window's draw committed first
    items.push([
      winningEntryUpdate(
        { entryId: record.winnerEntryId, windowNo: record.windowNo, seq: record.winningSeq },
        record.id,
        prize,
        at,
      ),
      'already-drawn',
    ]);
    for (const counter of winnerCounterWrites(assignment, prize, now)) items.push([counter, 'bug']);
    // the prize is owed from the draw on: booked with it (DESIGN section 4 "Tax"); its key is the draw's, as the record's
    items.push([gameLedgerPut(prizeLine('prize-awarded', { ...record, prizeLrdCents: prize }, at)), 'already-drawn']);
  }
  if (close.marker)
    items.push([houseDrawMarkerPut(close.marker.game, close.marker.drawDay, record.id, at), 'marker-taken']);
  for (const check of close.checks ?? []) items.push([check, 'check-failed']);
  if (close.audit) items.push([auditWrite(close.audit, now), 'bug']);
  // a clear's players are told (and refunded) by the finish-clears job: queued with the close, never forgotten
  if (close.clear)
    items.push([queuedClearPut(assignment, close.clear, close.audit?.actorId ?? 'scheduler', at), 'bug']);

  const outcome = await commitLabelled(items);
  if (outcome.committed) return { closed: true };
  if (outcome.busy) return { closed: false, failure: 'busy' };
  if (outcome.failed.includes('bug'))
    throw new Error(`window ${record.id}: a write that cannot fail did (${outcome.failed.join(', ')})`);
  const failure = (['marker-taken', 'already-drawn', 'window-changed', 'check-failed'] as const).find((f) =>
    outcome.failed.includes(f),
  );
  // a cancelled transaction names at least one failed condition
  return { closed: false, failure: failure ?? 'busy' };
}
