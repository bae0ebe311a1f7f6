import { concat, fromHex, sha256, toHex, u64be, utf8 } from './bytes';

/**
 * The Merkle tree that fixes a draw window's entries at close (DESIGN
 * section 4, "Fair draws"): RFC 9162 (Certificate Transparency 2.0) section
 * 2.1, the published method anyone can recompute.
 *
 *   leaf data  = seq as 8 bytes big-endian || SHA-256(ticket number's digits)
 *   leaf hash  = SHA-256(0x00 || leaf data)
 *   node hash  = SHA-256(0x01 || left || right), splitting n leaves at the
 *                largest power of two below n
 *   root of no leaves = SHA-256 of nothing
 *
 * Leaves are the window's paid entries in sequence order. A player's
 * inclusion proof is the RFC's audit path for their leaf.
 */
export interface MerkleEntry {
  seq: number;
  /** Lowercase hex SHA-256 of the ticket number's digits (`ticketHash`). */
  ticketHash: string;
}

/** The hash a record publishes for a ticket: SHA-256 of its 14 digits, never the number itself. */
export async function ticketHash(ticketNumber: string): Promise<string> {
  return toHex(await sha256(utf8(ticketNumber.replace(/\D/g, ''))));
}

async function leafHash(entry: MerkleEntry): Promise<Uint8Array> {
  return sha256(concat(new Uint8Array([0]), u64be(entry.seq), fromHex(entry.ticketHash)));
}

async function nodeHash(left: Uint8Array, right: Uint8Array): Promise<Uint8Array> {
  return sha256(concat(new Uint8Array([1]), left, right));
}

/** The largest power of two strictly below n (n ≥ 2). */
function split(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** The root over leaf hashes, computed level by level (O(n) hashes, no recursion depth limits). */
async function rootOf(leaves: Uint8Array[]): Promise<Uint8Array> {
  if (leaves.length === 0) return sha256(new Uint8Array());
  if (leaves.length === 1) return leaves[0]!;
  const k = split(leaves.length);
  return nodeHash(await rootOf(leaves.slice(0, k)), await rootOf(leaves.slice(k)));
}

/** The window's Merkle root, lowercase hex. */
export async function merkleRoot(entries: readonly MerkleEntry[]): Promise<string> {
  return toHex(await rootOf(await Promise.all(entries.map(leafHash))));
}

/** The audit path of leaf `index` (0-based) among `entries`: sibling hashes from the leaf up, lowercase hex. */
export async function inclusionProof(entries: readonly MerkleEntry[], index: number): Promise<string[]> {
  if (!Number.isSafeInteger(index) || index < 0 || index >= entries.length) throw new RangeError('no such leaf');
  const leaves = await Promise.all(entries.map(leafHash));
  const path: Uint8Array[] = [];
  const walk = async (nodes: Uint8Array[], at: number): Promise<void> => {
    if (nodes.length <= 1) return;
    const k = split(nodes.length);
    if (at < k) {
      await walk(nodes.slice(0, k), at);
      path.push(await rootOf(nodes.slice(k)));
    } else {
      await walk(nodes.slice(k), at - k);
      path.push(await rootOf(nodes.slice(0, k)));
    }
  };
  await walk(leaves, index);
  return path.map(toHex);
}

/**
 * RFC 9162 section 2.1.3.2: does `proof` lead from `entry`, leaf `index` of
 * a tree of `size` leaves, to `root`?
 */
export async function verifyInclusion(
  entry: MerkleEntry,
  index: number,
  size: number,
  proof: readonly string[],
  root: string,
): Promise<boolean> {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let r: Uint8Array;
  try {
    r = await leafHash(entry);
    for (const hex of proof) {
      const p = fromHex(hex);
      if (p.length !== 32 || sn === 0) return false;
      if (fn % 2 === 1 || fn === sn) {
        r = await nodeHash(p, r);
        if (fn % 2 === 0) {
          while (fn % 2 === 0 && fn !== 0) {
            fn = Math.floor(fn / 2);
            sn = Math.floor(sn / 2);
          }
        }
      } else {
        r = await nodeHash(r, p);
      }
      fn = Math.floor(fn / 2);
      sn = Math.floor(sn / 2);
    }
  } catch {
    return false;
  }
  return sn === 0 && toHex(r) === root;
}

/**
 * The same root kept as entries arrive, so closing a window costs O(log n)
 * rather than a read of every entry (DESIGN section 9: a draw costs the same
 * with 10^3 or 10^6 entries): the roots of the perfect subtrees that n's
 * binary digits name, largest first. Folding them from the right gives the
 * RFC 9162 root.
 */
export interface MerkleFrontier {
  size: number;
  /** Lowercase hex roots of perfect subtrees, largest first. */
  peaks: string[];
}

export const emptyFrontier = (): MerkleFrontier => ({ size: 0, peaks: [] });

/** The frontier with one more leaf (the next sequence number's entry). */
export async function appendLeaf(frontier: MerkleFrontier, entry: MerkleEntry): Promise<MerkleFrontier> {
  const peaks = [...frontier.peaks];
  let node = await leafHash(entry);
  // merging follows the carries of size + 1 in binary
  for (let size = frontier.size; size % 2 === 1; size = Math.floor(size / 2)) {
    node = await nodeHash(fromHex(peaks.pop()!), node);
  }
  peaks.push(toHex(node));
  return { size: frontier.size + 1, peaks };
}

export async function frontierRoot(frontier: MerkleFrontier): Promise<string> {
  if (frontier.peaks.length === 0) return toHex(await sha256(new Uint8Array()));
  let root = fromHex(frontier.peaks.at(-1)!);
  for (let i = frontier.peaks.length - 2; i >= 0; i -= 1) root = await nodeHash(fromHex(frontier.peaks[i]!), root);
  return toHex(root);
}
