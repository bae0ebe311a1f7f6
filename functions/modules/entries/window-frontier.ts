import { appendLeaf, emptyFrontier, ticketHash, type MerkleFrontier } from '@shared/fairness/merkle';
import type { Assignment } from '../catalog';

/**
 * The open window's entries fixed as a Merkle tree (DESIGN section 4, "Fair
 * draws"): settlement extends the window's frontier in the write that gives
 * entries their seqs (a close reads its root: draws/store/window-frontier.ts).
 */

/** The window's frontier as stored, when it covers every entry of the window. */
export function frontierOf(assignment: Pick<Assignment, 'windowCount' | 'windowFrontier'>): MerkleFrontier | undefined {
  if (assignment.windowCount === 0) return emptyFrontier();
  return assignment.windowFrontier?.size === assignment.windowCount ? assignment.windowFrontier : undefined;
}

/**
 * The frontier once `paid` (the next seqs, in order) join the window; undefined for a window opened
 * before frontiers were kept (its close reads the entries instead).
 */
export async function frontierAfter(
  assignment: Pick<Assignment, 'windowCount' | 'windowFrontier'>,
  paid: ReadonlyArray<{ seq?: number; ticketNumber?: string }>,
): Promise<MerkleFrontier | undefined> {
  let frontier = frontierOf(assignment);
  for (const entry of paid) {
    if (!frontier) return undefined;
    frontier = await appendLeaf(frontier, { seq: entry.seq!, ticketHash: await ticketHash(entry.ticketNumber!) });
  }
  return frontier;
}
