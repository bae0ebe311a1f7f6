import { createHash, createHmac } from 'node:crypto';

/**
 * The provably fair pick (DESIGN section 5 "Draw record"),
 * shared by the draw and by `npm run verify-draw`, so both compute the winner
 * with the same code. Pure: no I/O, no clock, no randomness.
 *
 * When a window opens, a 32-byte seed is drawn from a CSPRNG and only its
 * commitment (lowercase hex SHA-256 of the seed's bytes) is shown. The draw
 * derives the winning sequence number from the seed, the draw id (fixed by the
 * window before it opens, so nobody can try ids until one suits them) and the
 * window's entry count; afterwards the seed is revealed and anyone can redo it.
 */

export const SEED_BYTES = 32;
const SEED_HEX = /^[0-9a-f]{64}$/;
/** 2^48: the first 6 bytes of an HMAC read as one integer. */
const SPACE = 2 ** 48;

const isSeedHex = (value: unknown): value is string => typeof value === 'string' && SEED_HEX.test(value);

/** The commitment to a seed: lowercase hex SHA-256 of its bytes (not of its hex text). */
export function commitmentOf(seedHex: string): string {
  if (!isSeedHex(seedHex)) throw new RangeError('a seed is 32 bytes as 64 lowercase hex characters');
  return createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');
}

/**
 * Whether a path's text can name a draw: a window's id (`<assignment>-w<n>`, a redraw's `-r<n>` after it) is
 * letters, digits and dashes; anything else names none (a 404, never a key the table refuses).
 */
export const isDrawId = (value: string): boolean => /^[A-Za-z0-9-]{1,100}$/.test(value);

/** A draw's id is fixed by its window: one window, one possible draw, one id. */
export function drawIdOf(assignmentId: string, windowNo: number): string {
  return `${assignmentId}-w${windowNo}`;
}

/**
 * The winning sequence number, 1..entryCount: for counter = 0, 1, 2, …
 * h = HMAC-SHA256(key = seed bytes, message = `${drawId}:${entryCount}:${counter}`),
 * v = the first 6 bytes of h as a big-endian integer; v is rejected when it
 * falls in the incomplete last block (v ≥ ⌊2^48 / n⌋·n), so every seq is
 * exactly equally likely (no modulo bias); otherwise seq = v mod n + 1.
 */
export function winningSeq(seedHex: string, drawId: string, entryCount: number): number {
  if (!isSeedHex(seedHex)) throw new RangeError('a seed is 32 bytes as 64 lowercase hex characters');
  if (!Number.isSafeInteger(entryCount) || entryCount < 1 || entryCount > SPACE)
    throw new RangeError(`cannot draw among ${entryCount} entries`);
  const key = Buffer.from(seedHex, 'hex');
  const limit = Math.floor(SPACE / entryCount) * entryCount;
  for (let counter = 0; ; counter += 1) {
    const h = createHmac('sha256', key).update(`${drawId}:${entryCount}:${counter}`).digest();
    const v = h.readUIntBE(0, 6);
    if (v < limit) return (v % entryCount) + 1;
  }
}
