import type { InclusionProof } from '@shared/fairness/draw-method';
import { inclusionProof } from '@shared/fairness/merkle';
import type { DrawRecord } from '../draw-records';
import { windowLeaves } from './store/window-frontier';

/**
 * One ticket's place in a closed draw (DESIGN section 4, "Fair draws"): its
 * seq and the RFC 9162 audit path to the record's Merkle root, found by the
 * hash of its number, so the answer never names a ticket number. Reads the
 * closed window's entries (a public read, not the draw's path: DESIGN
 * section 9's bar is the draw's).
 */
export async function inclusionProofOf(record: DrawRecord, ticketHashHex: string): Promise<InclusionProof | undefined> {
  if (!record.merkleRoot) return undefined;
  const leaves = await windowLeaves(record.assignmentId, record.windowNo, record.windowCount);
  const index = leaves.findIndex((leaf) => leaf.ticketHash === ticketHashHex);
  if (index < 0) return undefined;
  return {
    seq: leaves[index]!.seq,
    ticket_hash: ticketHashHex,
    size: leaves.length,
    proof: await inclusionProof(leaves, index),
  };
}
