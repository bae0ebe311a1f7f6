import { appendLeaf, emptyFrontier, ticketHash } from '@shared/fairness/merkle';
import { lrdValueOf, getEntries, listWindowEntries } from '../entries';
import type { Assignment, ClearPending } from '../catalog';
import { CARRY_BATCH, carryEntries, markClearDone } from './store/draw-clearing';
import type { LateTail } from './store/draws';

/**
 * The late-ticket rule in the draw itself (house-schedule.ts ticketDrawDay): tickets paid after a house
 * draw's moment but settled before its job closed the window (scheduler jitter, retries, catch-up) are
 * not drawn tonight. They open the next window, renumbered from 1, so each window's entries, Merkle tree
 * and inclusion proofs stay its own; the next draw covers them. The close reads them (none on time).
 */
export async function lateTailOf(
  assignment: Pick<Assignment, 'id' | 'windowNo' | 'windowCount'>,
  lastSeq: number,
): Promise<LateTail | undefined> {
  const count = assignment.windowCount - lastSeq;
  if (count <= 0) return undefined;
  const fromSeq = lastSeq + 1;
  const entries = await listWindowEntries(assignment.id, assignment.windowNo, { fromSeq, count });
  if (entries.length !== count)
    throw new Error(
      `window ${assignment.id}#${assignment.windowNo} holds ${entries.length} of seqs ${fromSeq}+${count}`,
    );
  const stakes = await getEntries(entries.map((held) => held.entryId));
  let frontier = emptyFrontier();
  let valueLrdCents = 0;
  for (const [i, held] of entries.entries()) {
    frontier = await appendLeaf(frontier, { seq: i + 1, ticketHash: await ticketHash(held.ticketNumber) });
    const entry = stakes.get(held.entryId);
    if (!entry) throw new Error(`window entry ${held.entryId} has no entry`);
    // the same value settlement added to the window (functions/modules/entries/settlement.ts)
    valueLrdCents += lrdValueOf(entry.amountCents, entry.currency, entry.rateMilli);
  }
  return { fromSeq, count, frontier, valueLrdCents };
}

/**
 * Move a closed window's late tail into the next window (its seq items and entries; the count, frontier
 * and value were set by the close), then let windows close again. No SMS: each player was told this draw
 * when the ticket was bought. Idempotent, like a clear's carry (functions/modules/draws/clear-entries.ts).
 */
export async function finishLateTail(
  assignmentId: string,
  pending: Extract<ClearPending, { mode: 'late' }>,
  now: Date,
): Promise<void> {
  const entries = await listWindowEntries(assignmentId, pending.windowNo, pending);
  const moved = entries.map((entry) => ({ ...entry, toSeq: entry.seq - pending.fromSeq + 1 }));
  for (let i = 0; i < moved.length; i += CARRY_BATCH)
    await carryEntries(assignmentId, pending.windowNo, moved.slice(i, i + CARRY_BATCH), now.toISOString(), false);
  await markClearDone(assignmentId, pending.windowNo);
}
