/**
 * `npm run verify-draw -- <draw_id or draw code> [--ticket <number>] [--entries <file>]`: anyone can check a
 * draw (DESIGN section 4, "Fair draws"). Fetches the draw's public record
 * from VERIFY_BASE_URL (default http://localhost:3000) and runs every step
 * of the published method with the same code as the /draws/{id} page
 * (shared/fairness/draw-method.ts): the seed against the commitment shown
 * while the window was open, the beacon round against the close time and
 * its signature, and the winning sequence number from all of them. With
 * `--ticket`, it also fetches that ticket's inclusion proof (by the hash of
 * its number) and checks it against the record's Merkle root. With
 * `--entries`, a JSON file listing the window's entries (`[{seq, ticket_hash}]`,
 * as an auditor holds them), it checks the list against the count and the
 * Merkle root: an entry added, removed or changed is refused. A draw code
 * (the six characters read on air) names the draw as its id does; the code
 * itself is checked against the record's root and round.
 *
 * Exit status: 0 the record checks out; 1 it does not; 2 it could not be
 * checked (no such draw, server unreachable, bad arguments).
 */
import { pathToFileURL } from 'node:url';
import type { PublicDrawRecord, PublicInclusionProof } from '@shared/api/schemas/draws';
import {
  checkInclusion,
  verifyDraw,
  type DrawCheck,
  type DrawRecordToCheck,
  type DrawVerdict,
} from '@shared/fairness/draw-method';
import { ticketHash } from '@shared/fairness/merkle';
import { normalizeDrawCode } from '@shared/fairness/draw-code';
import type { DrawByCodeAnswer } from '@shared/api/schemas/on-air';
import { readFileSync } from 'node:fs';

export const DEFAULT_BASE_URL = 'http://localhost:3000';

const base = (baseUrl: string) => baseUrl.replace(/\/$/, '');

export async function fetchDrawRecord(drawId: string, baseUrl: string = DEFAULT_BASE_URL): Promise<PublicDrawRecord> {
  const response = await fetch(`${base(baseUrl)}/api/v1/public/draws/${encodeURIComponent(drawId)}`);
  if (!response.ok) throw new Error(`the server answered ${response.status} for draw ${drawId}`);
  return (await response.json()) as PublicDrawRecord;
}

/** The draw id a code read on air names (GET /api/v1/public/draw-codes/:code). */
async function drawIdOfCode(code: string, baseUrl: string): Promise<string> {
  const response = await fetch(`${base(baseUrl)}/api/v1/public/draw-codes/${encodeURIComponent(code)}`);
  if (!response.ok) throw new Error(`the server answered ${response.status} for draw code ${code}`);
  return ((await response.json()) as DrawByCodeAnswer).draw_id;
}

/** An entry list as an auditor holds it: `[{seq, ticket_hash}]` in sequence order. */
function readEntries(path: string): Array<{ seq: number; ticket_hash: string }> {
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  if (!Array.isArray(parsed)) throw new Error(`${path} is not a JSON list of {seq, ticket_hash}`);
  return parsed.map((e: { seq?: unknown; ticket_hash?: unknown }) => ({
    seq: Number(e.seq),
    ticket_hash: String(e.ticket_hash),
  }));
}

export async function fetchInclusionProof(
  drawId: string,
  hash: string,
  baseUrl: string = DEFAULT_BASE_URL,
): Promise<PublicInclusionProof> {
  const response = await fetch(`${base(baseUrl)}/api/v1/public/draws/${encodeURIComponent(drawId)}/proof/${hash}`);
  if (!response.ok) throw new Error(`the server answered ${response.status} for that ticket's proof`);
  return (await response.json()) as PublicInclusionProof;
}

export function describeVerdict(record: PublicDrawRecord, verdict: DrawVerdict): string {
  const lines = [
    `Draw ${record.draw_id} (${record.promotion_title || record.game}, ${record.kind}, method ${record.method ?? 'commit-reveal-1'}) drawn ${record.drawn_at}`,
    `  commitment   ${record.commitment}`,
    `  seed         ${record.seed ?? '(not revealed)'}`,
    `  entries      ${record.entry_count} (seq ${record.first_seq}..${record.first_seq + record.entry_count - 1} of ${record.window_count})`,
    ...(record.merkle_root ? [`  merkle root  ${record.merkle_root}`] : []),
    ...(record.beacon
      ? [
          `  beacon       round ${record.beacon.round} of chain ${record.beacon.chain.hash}: ${record.beacon.randomness}`,
        ]
      : []),
    ...(record.draw_code ? [`  draw code    ${record.draw_code}`] : []),
    `  winning seq  ${record.winning_seq ?? 'none'}${record.winner ? ` — winner ${record.winner}` : ''}`,
    ...(record.redraw_of
      ? [
          `  redraw of    ${record.redraw_of.draw_id} (${record.redraw_of.reason}); voided seqs passed over: ${(record.excluded_seqs ?? []).join(', ')}`,
        ]
      : []),
    ...(record.voided
      ? [`  VOIDED       for cause (${record.voided.reason}): redrawn as ${record.voided.redraw_id}`]
      : []),
    ...verdict.checks.map(describeCheck),
    verdict.ok
      ? 'VERIFIED: the winner is the one the published method picks.'
      : `NOT VERIFIED: failed ${verdict.checks
          .filter((c) => !c.ok)
          .map((c) => `"${c.name}"`)
          .join(', ')}.`,
  ];
  return lines.join('\n');
}

const describeCheck = (c: DrawCheck) => `  ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`;

/** The record's checks, plus the ticket's inclusion when one is named: what the page shows, as one verdict. */
export async function checkRecord(
  record: PublicDrawRecord & Pick<DrawRecordToCheck, 'entries'>,
  ticket?: { hash: string; proof: PublicInclusionProof },
): Promise<DrawVerdict> {
  const verdict = await verifyDraw(record);
  if (!ticket) return verdict;
  const inclusion = await checkInclusion(record, ticket.hash, ticket.proof);
  return { ok: verdict.ok && inclusion.ok, checks: [...verdict.checks, inclusion] };
}

export async function main(
  argv: string[],
  baseUrl: string = process.env.VERIFY_BASE_URL ?? DEFAULT_BASE_URL,
): Promise<number> {
  const at = argv.indexOf('--ticket');
  const ticketNumber = at >= 0 ? argv[at + 1] : undefined;
  const listAt = argv.indexOf('--entries');
  const entriesFile = listAt >= 0 ? argv[listAt + 1] : undefined;
  const named = argv.find((a, i) => !a.startsWith('-') && (at < 0 || i !== at + 1) && (listAt < 0 || i !== listAt + 1));
  if (
    !named ||
    (at >= 0 && !/^\d{14}$/.test((ticketNumber ?? '').replace(/\D/g, ''))) ||
    (listAt >= 0 && !entriesFile)
  ) {
    console.error(
      'usage: npm run verify-draw -- <draw_id or draw code> [--ticket <14-digit ticket number>] [--entries <file.json>]   (VERIFY_BASE_URL, default http://localhost:3000)',
    );
    return 2;
  }
  let drawId = named;
  let record: PublicDrawRecord & Pick<DrawRecordToCheck, 'entries'>;
  let ticket: { hash: string; proof: PublicInclusionProof } | undefined;
  try {
    const code = named.length <= 8 ? normalizeDrawCode(named) : undefined;
    if (code) drawId = await drawIdOfCode(code, baseUrl);
    record = await fetchDrawRecord(drawId, baseUrl);
    if (entriesFile) record = { ...record, entries: readEntries(entriesFile) };
    if (ticketNumber) {
      const hash = await ticketHash(ticketNumber);
      ticket = { hash, proof: await fetchInclusionProof(drawId, hash, baseUrl) };
    }
  } catch (error) {
    console.error(`Could not check draw ${drawId}: ${(error as Error).message}`);
    return 2;
  }
  const verdict = await checkRecord(record, ticket);
  console.log(describeVerdict(record, verdict));
  return verdict.ok ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(2);
    },
  );
}
