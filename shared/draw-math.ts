import { createHash, createHmac } from 'node:crypto';

/**
 * The provably fair pick (issue 6 item 4; DESIGN section 5 "Draw record"),
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

export const isSeedHex = (value: unknown): value is string => typeof value === 'string' && SEED_HEX.test(value);

/** The commitment to a seed: lowercase hex SHA-256 of its bytes (not of its hex text). */
export function commitmentOf(seedHex: string): string {
  if (!isSeedHex(seedHex)) throw new RangeError('a seed is 32 bytes as 64 lowercase hex characters');
  return createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');
}

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
  if (!Number.isSafeInteger(entryCount) || entryCount < 1 || entryCount > SPACE) throw new RangeError(`cannot draw among ${entryCount} entries`);
  const key = Buffer.from(seedHex, 'hex');
  const limit = Math.floor(SPACE / entryCount) * entryCount;
  for (let counter = 0; ; counter += 1) {
    const h = createHmac('sha256', key).update(`${drawId}:${entryCount}:${counter}`).digest();
    const v = h.readUIntBE(0, 6);
    if (v < limit) return (v % entryCount) + 1;
  }
}

/** The public draw record as `GET /api/v1/public/draws/{draw_id}` gives it (the fields a check needs). */
export interface CheckableDraw {
  draw_id: string;
  kind: 'threshold' | 'house' | 'cleared';
  commitment: string;
  seed?: string | null;
  /** Entries the draw chose among (the window's count at close, less excluded expired house tickets). */
  entry_count: number;
  /** The window's sequence number the counted entries start at (1 unless expired house tickets were excluded). */
  first_seq: number;
  winning_seq?: number | null;
}

export interface DrawCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export interface DrawVerdict {
  ok: boolean;
  checks: DrawCheck[];
}

/**
 * Check a public draw record: the revealed seed matches the commitment shown
 * before the draw, and the winning sequence number is the one the seed, the
 * draw id and the entry count give (or there is none when nothing was drawn).
 */
export function verifyDrawRecord(record: CheckableDraw): DrawVerdict {
  const checks: DrawCheck[] = [];
  const seed = record.seed ?? undefined;
  if (!isSeedHex(seed)) {
    checks.push({ name: 'seed revealed', ok: false, detail: 'the record shows no valid seed (64 hex characters)' });
    return { ok: false, checks };
  }
  const commitment = commitmentOf(seed);
  checks.push({
    name: 'seed matches commitment',
    ok: commitment === record.commitment,
    detail: `sha256(seed) = ${commitment}, commitment = ${record.commitment}`,
  });
  checks.push(winnerCheck(record, seed));
  return { ok: checks.every((c) => c.ok), checks };
}

function winnerCheck(record: CheckableDraw, seed: string): DrawCheck {
  const recorded = record.winning_seq ?? undefined;
  const drawsAWinner = record.kind !== 'cleared' && record.entry_count > 0;
  if (!drawsAWinner) {
    const why = record.kind === 'cleared' ? 'a cleared draw has no winner' : 'no entries to draw among';
    return { name: 'no winner', ok: recorded === undefined, detail: recorded === undefined ? why : `${why}, yet seq ${recorded} is recorded` };
  }
  if (!Number.isSafeInteger(record.first_seq) || record.first_seq < 1) {
    return { name: 'winning sequence number', ok: false, detail: `first_seq ${record.first_seq} is not a sequence number` };
  }
  const expected = record.first_seq - 1 + winningSeq(seed, record.draw_id, record.entry_count);
  return {
    name: 'winning sequence number',
    ok: recorded === expected,
    detail: `recomputed seq ${expected} of ${record.first_seq}..${record.first_seq + record.entry_count - 1}, recorded ${recorded ?? 'none'}`,
  };
}
