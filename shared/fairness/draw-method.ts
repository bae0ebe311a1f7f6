import { fromHex, hmacSha256, sha256, toHex, utf8 } from './bytes';
import { beaconRoundIsConsistent, roundAfter, type BeaconChain, type BeaconRound } from './beacon';
import { drawCodeOf } from './draw-code';
import { merkleRoot, verifyInclusion, type MerkleEntry } from './merkle';

/**
 * The published draw method (DESIGN section 4, "Fair draws"), one code for
 * the draw, `npm run verify-draw` and the public record page.
 *
 * 1. When a window opens, a 32-byte seed is drawn from a CSPRNG and its
 *    commitment, SHA-256 of the seed's bytes, is published at once.
 * 2. At close, the record fixes the Merkle root of ALL the window's entries
 *    (seqs 1..window_count; shared/fairness/merkle.ts) and the count n of
 *    those drawn among (seqs first_seq..first_seq+n-1: a late house draw
 *    leaves out expired tickets, a threshold draw earlier days' entries).
 * 3. The randomness of the first drand round after the close is fetched: it
 *    did not exist while the window was open (a draw without a winner needs
 *    none).
 * 4. For counter = 0, 1, 2, …:
 *      h = HMAC-SHA256(key = seed, message = "<draw id>:<n>:<merkle root>:<beacon randomness>:<counter>")
 *      v = the first 6 bytes of h, big-endian; rejected when v ≥ ⌊2^48 / n⌋·n
 *      (no modulo bias), else the winner is entry v mod n + 1 of the window.
 *
 * The operator committed to the seed before any entry and cannot change it;
 * the beacon round did not exist until after the close, so nobody (the
 * operator included) could compute the winner while entries were taken or
 * pick the moment of the close to favour an entry. Draws made before the
 * beacon existed used method "commit-reveal-1": the same loop over
 * "<draw id>:<n>:<counter>".
 *
 * 5. A redraw (a winner voided for cause, issue 36) is a new record of the SAME window: the same
 *    commitment, seed, entries and Merkle root, under its own draw id, with the first beacon round after
 *    the void (its close time) — a round that did not exist when the void was decided — and the voided
 *    tickets' seqs listed (`excluded_seqs`): the loop above also rejects a counter whose entry is one of
 *    them. The entries cannot change (the root is the original's) and the randomness is new, so the
 *    redraw is checked exactly as its original was. A void of the person (an excluded player, a staff
 *    member) voids their other tickets the pick lands on too, each listed as it is passed over.
 */
export const DRAW_METHODS = ['commit-reveal-1', 'commit-merkle-beacon-1'] as const;
export type DrawMethod = (typeof DRAW_METHODS)[number];

const SEED_HEX = /^[0-9a-f]{64}$/;
/** 2^48: the first 6 bytes of an HMAC read as one integer. */
const SPACE = 2 ** 48;

export interface DrawInputs {
  method: DrawMethod;
  drawId: string;
  seedHex: string;
  entryCount: number;
  /** commit-merkle-beacon-1 only. */
  merkleRoot?: string;
  beaconRandomness?: string;
  /** A redraw's voided entries, as positions 1..entryCount: the loop passes over them. */
  excludedPositions?: readonly number[];
}

export async function commitmentOfSeed(seedHex: string): Promise<string> {
  if (!SEED_HEX.test(seedHex)) throw new RangeError('a seed is 32 bytes as 64 lowercase hex characters');
  return toHex(await sha256(fromHex(seedHex)));
}

/** The winner's position among the window's counted entries, 1..entryCount. */
export async function drawPosition(inputs: DrawInputs): Promise<number> {
  const { seedHex, entryCount } = inputs;
  if (!SEED_HEX.test(seedHex)) throw new RangeError('a seed is 32 bytes as 64 lowercase hex characters');
  if (!Number.isSafeInteger(entryCount) || entryCount < 1 || entryCount > SPACE)
    throw new RangeError(`cannot draw among ${entryCount} entries`);
  const prefix =
    inputs.method === 'commit-reveal-1'
      ? `${inputs.drawId}:${entryCount}`
      : `${inputs.drawId}:${entryCount}:${required(inputs.merkleRoot, 'merkle root')}:${required(inputs.beaconRandomness, 'beacon randomness')}`;
  const key = fromHex(seedHex);
  const excluded = new Set(inputs.excludedPositions ?? []);
  if ([...excluded].filter((p) => p >= 1 && p <= entryCount).length >= entryCount)
    throw new RangeError('every entry drawn among is voided: nothing to redraw');
  const limit = Math.floor(SPACE / entryCount) * entryCount;
  for (let counter = 0; ; counter += 1) {
    const h = await hmacSha256(key, utf8(`${prefix}:${counter}`));
    const view = new DataView(h.buffer, h.byteOffset, h.byteLength);
    const v = view.getUint32(0) * 2 ** 16 + view.getUint16(4);
    if (v < limit && !excluded.has((v % entryCount) + 1)) return (v % entryCount) + 1;
  }
}

function required(value: string | undefined, what: string): string {
  if (!value) throw new RangeError(`the ${what} is missing`);
  return value;
}

/** A public draw record, as far as checking it needs (the record page and the CLI read the same fields). */
export interface DrawRecordToCheck {
  draw_id: string;
  method?: DrawMethod;
  kind: 'threshold' | 'house' | 'cleared';
  commitment: string;
  seed?: string | null;
  entry_count: number;
  first_seq: number;
  /** A house draw's cut-off at its draw moment: seqs after it were paid later and are in the next draw. */
  last_seq?: number | null;
  /** The window's entries at close (seqs 1..window_count); the Merkle root covers them all. */
  window_count?: number;
  winning_seq?: number | null;
  closed_at?: string | null;
  merkle_root?: string | null;
  /** The counted entries in sequence order, when the record lists them. */
  entries?: ReadonlyArray<{ seq: number; ticket_hash: string }> | null;
  beacon?: (BeaconRound & { chain: BeaconChain }) | null;
  /** The code read on air (shared/fairness/draw-code.ts); absent on records made before it. */
  draw_code?: string | null;
  /** A redraw (step 5): the seqs of the voided winners, passed over by the pick. */
  excluded_seqs?: readonly number[] | null;
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
 * Every step of the method, each its own named check, so a reader sees
 * exactly which one fails: the seed against its commitment, the entry list
 * against the Merkle root, the beacon round against the close time and its
 * signature, and the winner against all of them.
 */
export async function verifyDraw(record: DrawRecordToCheck): Promise<DrawVerdict> {
  const checks: DrawCheck[] = [];
  const method = record.method ?? 'commit-reveal-1';
  const seed = record.seed ?? undefined;
  if (!seed || !SEED_HEX.test(seed)) {
    checks.push({ name: 'seed revealed', ok: false, detail: 'the record shows no valid seed (64 hex characters)' });
    return { ok: false, checks };
  }
  const commitment = await commitmentOfSeed(seed);
  checks.push({
    name: 'seed matches commitment',
    ok: commitment === record.commitment,
    detail: `sha256(seed) = ${commitment}, commitment = ${record.commitment}`,
  });
  if (method === 'commit-merkle-beacon-1') {
    // the entries drawn among are the window's last ones (earlier days' or expired tickets left out at the start),
    // or end at the cut-off the record declares: tickets paid after a house draw's moment are in the next draw
    const last = record.first_seq - 1 + record.entry_count;
    const end = record.last_seq ?? record.window_count;
    const late = record.window_count !== undefined && end !== record.window_count;
    checks.push({
      name: 'entries drawn among run to the end of the window',
      ok:
        record.window_count !== undefined &&
        end !== undefined &&
        last === end &&
        end <= record.window_count &&
        record.first_seq >= 1,
      detail:
        `seqs ${record.first_seq}..${last} drawn among, ${record.window_count ?? 'unknown'} in the window` +
        (late ? `; #${(end ?? 0) + 1}..#${record.window_count} were paid after the draw moment: in the next draw` : ''),
    });
    checks.push(...(await merkleChecks(record)));
    if (drawsAWinner(record)) checks.push(...(await beaconChecks(record)));
    if (record.draw_code) checks.push(await drawCodeCheck(record, record.draw_code));
  }
  checks.push(await winnerCheck(record, method, seed));
  return { ok: checks.every((c) => c.ok), checks };
}

async function merkleChecks(record: DrawRecordToCheck): Promise<DrawCheck[]> {
  if (!record.merkle_root)
    return [{ name: 'entries fixed at close', ok: false, detail: 'the record has no Merkle root' }];
  if (!record.entries) return [];
  const entries: MerkleEntry[] = record.entries.map((e) => ({ seq: e.seq, ticketHash: e.ticket_hash }));
  const inOrder = entries.every((e, i) => e.seq === i + 1);
  const size = windowSize(record);
  let root = '';
  try {
    root = await merkleRoot(entries);
  } catch {
    root = '(an entry is malformed)';
  }
  return [
    {
      name: 'entry list matches the count',
      ok: entries.length === size && inOrder,
      detail: `${entries.length} entries listed${inOrder ? ' in sequence order' : ', not in sequence order'}, ${size} in the window`,
    },
    {
      name: 'entry list matches the Merkle root',
      ok: root === record.merkle_root,
      detail: `recomputed ${root}, recorded ${record.merkle_root}`,
    },
  ];
}

async function beaconChecks(record: DrawRecordToCheck): Promise<DrawCheck[]> {
  const beacon = record.beacon;
  if (!beacon) return [{ name: 'public randomness', ok: false, detail: 'the record names no beacon round' }];
  const checks: DrawCheck[] = [];
  const closedAt = record.closed_at ? new Date(record.closed_at) : undefined;
  if (!closedAt || Number.isNaN(closedAt.getTime())) {
    checks.push({ name: 'beacon round after the close', ok: false, detail: 'the record has no close time' });
  } else {
    const expected = roundAfter(beacon.chain, closedAt);
    checks.push({
      name: 'beacon round after the close',
      ok: beacon.round === expected,
      detail: `closed ${closedAt.toISOString()}: the first round after it is ${expected}, the record uses ${beacon.round}`,
    });
  }
  checks.push({
    name: 'beacon randomness matches its signature',
    ok: await beaconRoundIsConsistent(beacon),
    detail: `round ${beacon.round}: randomness must be sha256(signature)`,
  });
  return checks;
}

/** The code read on air is the one the record's root and round give: both were fixed before the round existed. */
async function drawCodeCheck(record: DrawRecordToCheck, code: string): Promise<DrawCheck> {
  const name = 'draw code from the Merkle root and beacon round';
  if (!record.merkle_root || !record.beacon) return { name, ok: false, detail: 'the record has no root or round' };
  let expected: string;
  try {
    expected = await drawCodeOf(record.merkle_root, record.beacon.round);
  } catch (error) {
    return { name, ok: false, detail: (error as Error).message };
  }
  return { name, ok: expected === code, detail: `recomputed ${expected}, recorded ${code}` };
}

/** The window's size at close: the Merkle tree's leaf count (older records may omit it: then the counted entries end the window). */
const windowSize = (record: DrawRecordToCheck): number =>
  record.window_count ?? record.first_seq - 1 + record.entry_count;

const drawsAWinner = (record: DrawRecordToCheck): boolean => record.kind !== 'cleared' && record.entry_count > 0;

async function winnerCheck(record: DrawRecordToCheck, method: DrawMethod, seed: string): Promise<DrawCheck> {
  const recorded = record.winning_seq ?? undefined;
  if (!drawsAWinner(record)) {
    const why = record.kind === 'cleared' ? 'a cleared draw has no winner' : 'no entries to draw among';
    return {
      name: 'no winner',
      ok: recorded === undefined,
      detail: recorded === undefined ? why : `${why}, yet seq ${recorded} is recorded`,
    };
  }
  if (!Number.isSafeInteger(record.first_seq) || record.first_seq < 1) {
    return {
      name: 'winning sequence number',
      ok: false,
      detail: `first_seq ${record.first_seq} is not a sequence number`,
    };
  }
  let expected: number;
  try {
    const position = await drawPosition({
      method,
      drawId: record.draw_id,
      seedHex: seed,
      entryCount: record.entry_count,
      merkleRoot: record.merkle_root ?? undefined,
      beaconRandomness: record.beacon?.randomness,
      excludedPositions: (record.excluded_seqs ?? []).map((seq) => seq - record.first_seq + 1),
    });
    expected = record.first_seq - 1 + position;
  } catch (error) {
    return { name: 'winning sequence number', ok: false, detail: (error as Error).message };
  }
  return {
    name: 'winning sequence number',
    ok: recorded === expected,
    detail: `recomputed seq ${expected} of ${record.first_seq}..${record.first_seq + record.entry_count - 1}, recorded ${recorded ?? 'none'}`,
  };
}

/** What the server answers for one ticket of a draw: its leaf, where it sits and the audit path. */
export interface InclusionProof {
  seq: number;
  ticket_hash: string;
  /** The Merkle tree's size: the window's entries at close. */
  size: number;
  /** Sibling hashes from the leaf up (RFC 9162 audit path), lowercase hex. */
  proof: string[];
}

/**
 * "Entry #N of M in this draw": the proof leads from the ticket's hash at
 * `seq` to the record's Merkle root, and `seq` is among the entries drawn.
 * `ticketHashHex` is what the checker computed from the ticket number typed.
 */
export async function checkInclusion(
  record: DrawRecordToCheck,
  ticketHashHex: string,
  answer: InclusionProof,
): Promise<DrawCheck> {
  const name = 'ticket included in the entries';
  if (!record.merkle_root) return { name, ok: false, detail: 'the record has no Merkle root' };
  if (answer.ticket_hash !== ticketHashHex)
    return { name, ok: false, detail: `the proof is for another ticket hash (${answer.ticket_hash})` };
  const size = windowSize(record);
  if (answer.size !== size)
    return { name, ok: false, detail: `the proof is for a tree of ${answer.size} entries, the record has ${size}` };
  const ok = await verifyInclusion(
    { seq: answer.seq, ticketHash: ticketHashHex },
    answer.seq - 1,
    size,
    answer.proof,
    record.merkle_root,
  );
  if (!ok)
    return {
      name,
      ok: false,
      detail: `the proof for entry #${answer.seq} does not lead to the Merkle root ${record.merkle_root}`,
    };
  const last = record.first_seq + record.entry_count - 1;
  const counted = record.kind !== 'cleared' && answer.seq >= record.first_seq && answer.seq <= last;
  return {
    name,
    ok: true,
    detail: counted
      ? `entry #${answer.seq} of ${size} in this draw (drawn among #${record.first_seq}..#${last})`
      : `entry #${answer.seq} of ${size} in this window, but not among the entries drawn (#${record.first_seq}..#${last})`,
  };
}
