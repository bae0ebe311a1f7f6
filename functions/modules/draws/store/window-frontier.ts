import { frontierRoot, merkleRoot, ticketHash, type MerkleEntry } from '@shared/fairness/merkle';
import type { Assignment } from '../../catalog';
import { frontierOf, listWindowEntries } from '../../entries';

/**
 * The open window's entries fixed as a Merkle tree (DESIGN section 4, "Fair
 * draws"): settlement extends the window's frontier in the write that gives
 * entries their seqs; a close reads its root off the assignment, O(log n)
 * whatever the window's size (DESIGN section 9).
 */

/** The window's entries 1..`count` in seq order, as leaves (seq + hash of the ticket number): a full read. */
export async function windowLeaves(assignmentId: string, windowNo: number, count: number): Promise<MerkleEntry[]> {
  const entries = await listWindowEntries(assignmentId, windowNo, { fromSeq: 1, count });
  return Promise.all(
    entries.map(async (entry) => ({ seq: entry.seq, ticketHash: await ticketHash(entry.ticketNumber) })),
  );
}

/**
 * The Merkle root of the open window's entries 1..windowCount: from the frontier, or (a window opened
 * before frontiers were kept) from a read of its entries.
 */
export async function windowMerkleRoot(
  assignment: Pick<Assignment, 'id' | 'windowNo' | 'windowCount' | 'windowFrontier'>,
): Promise<string> {
  const frontier = frontierOf(assignment);
  if (frontier) return frontierRoot(frontier);
  return merkleRoot(await windowLeaves(assignment.id, assignment.windowNo, assignment.windowCount));
}
