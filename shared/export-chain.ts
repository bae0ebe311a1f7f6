import { createHash } from 'node:crypto';

/**
 * The regulator's hash-chained export (DESIGN section 7; issue 36 part 3):
 * every game-ledger line and draw record since a day, one JSON object a line
 * (JSON Lines), each carrying the previous line's hash, so an inspector can
 * prove no line was changed, removed or inserted after the fact. The one
 * definition of the canonical serialisation and of a line's hash: the
 * daily sealed reports hash the same canonical JSON.
 */

/** The previous hash of a chain's first line (and of the first sealed day). */
export const GENESIS_HASH = '0'.repeat(64);

/** JSON with object keys sorted at every level and no spaces: one text per value. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** What a chained line records: a game-ledger line or a draw's public record (numbers masked). */
type ChainItemKind = 'ledger' | 'draw';

export interface ChainItem {
  kind: ChainItemKind;
  /** When it happened (ISO): the line's time, the draw's. */
  at: string;
  /** The ledger line's id or the draw's id. */
  id: string;
  record: Record<string, unknown>;
}

export interface ChainLine extends ChainItem {
  /** 1, 2, …: the line's place in the export. */
  seq: number;
  prevHash: string;
  /** SHA-256 (hex) of the canonical JSON of every other field of the line. */
  hash: string;
}

/** A line's hash: of its canonical JSON without the hash itself. */
const chainLineHash = (line: Omit<ChainLine, 'hash'>): string =>
  sha256(
    canonicalJson({
      at: line.at,
      id: line.id,
      kind: line.kind,
      prevHash: line.prevHash,
      record: line.record,
      seq: line.seq,
    }),
  );

/** Items in chain order: by time, then kind, then id (one order for every export of the same data). */
function chainOrder(items: readonly ChainItem[]): ChainItem[] {
  return [...items].sort(
    (a, b) => a.at.localeCompare(b.at) || a.kind.localeCompare(b.kind) || a.id.localeCompare(b.id),
  );
}

/** Chain items in order, the first linking to GENESIS_HASH. */
export function chainLines(items: readonly ChainItem[]): ChainLine[] {
  let prevHash = GENESIS_HASH;
  return chainOrder(items).map((item, i) => {
    const unsigned = { ...item, seq: i + 1, prevHash };
    const line = { ...unsigned, hash: chainLineHash(unsigned) };
    prevHash = line.hash;
    return line;
  });
}

type ChainVerdict = { ok: true; lines: number; lastHash: string } | { ok: false; line: number; reason: string };

/**
 * Check an export's text: every line parses, numbers its place, links to the
 * line before and matches its own hash. The first failure is named by its
 * line number in the file (1-based): an edited line fails its own hash, a
 * removed or inserted one the next line's link or number.
 */
export function verifyChainText(text: string): ChainVerdict {
  const rows = text.split('\n');
  if (rows.at(-1) === '') rows.pop();
  let prevHash = GENESIS_HASH;
  for (const [i, row] of rows.entries()) {
    const lineNo = i + 1;
    let line: ChainLine;
    try {
      line = JSON.parse(row) as ChainLine;
    } catch {
      return { ok: false, line: lineNo, reason: 'not JSON' };
    }
    if (line === null || typeof line !== 'object') return { ok: false, line: lineNo, reason: 'not a chain line' };
    if (line.seq !== lineNo)
      return { ok: false, line: lineNo, reason: `numbered ${line.seq}: a line before it was removed or inserted` };
    if (line.prevHash !== prevHash)
      return { ok: false, line: lineNo, reason: 'does not link to the line before it (edited, removed or inserted)' };
    if (chainLineHash(line) !== line.hash)
      return { ok: false, line: lineNo, reason: 'its content does not match its hash (edited)' };
    prevHash = line.hash;
  }
  return { ok: true, lines: rows.length, lastHash: prevHash };
}
