/**
 * `npm run verify-draw -- <draw_id> [--ticket <number>]`: anyone can check a
 * draw (DESIGN section 4, "Fair draws"). Fetches the draw's public record
 * from VERIFY_BASE_URL (default http://localhost:3000) and runs every step
 * of the published method with the same code as the /draws/{id} page
 * (shared/fairness/draw-method.ts): the seed against the commitment shown
 * while the window was open, the beacon round against the close time and
 * its signature, and the winning sequence number from all of them. With
 * `--ticket`, it also fetches that ticket's inclusion proof (by the hash of
 * its number) and checks it against the record's Merkle root.
 *
 * Exit status: 0 the record checks out; 1 it does not; 2 it could not be
 * checked (no such draw, server unreachable, bad arguments).
 */
import { pathToFileURL } from 'node:url';
import type { PublicDrawRecord, PublicInclusionProof } from '@shared/api/schemas/draws';
import { checkInclusion, verifyDraw, type DrawCheck, type DrawVerdict } from '@shared/fairness/draw-method';
import { ticketHash } from '@shared/fairness/merkle';

export const DEFAULT_BASE_URL = 'http://localhost:3000';

const base = (baseUrl: string) => baseUrl.replace(/\/$/, '');

export async function fetchDrawRecord(drawId: string, baseUrl: string = DEFAULT_BASE_URL): Promise<PublicDrawRecord> {
  const response = await fetch(`${base(baseUrl)}/api/v1/public/draws/${encodeURIComponent(drawId)}`);
  if (!response.ok) throw new Error(`the server answered ${response.status} for draw ${drawId}`);
  return (await response.json()) as PublicDrawRecord;
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
    `  winning seq  ${record.winning_seq ?? 'none'}${record.winner ? ` — winner ${record.winner}` : ''}`,
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
  record: PublicDrawRecord,
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
  const drawId = argv.find((a, i) => !a.startsWith('-') && (at < 0 || i !== at + 1));
  if (!drawId || (at >= 0 && !/^\d{14}$/.test((ticketNumber ?? '').replace(/\D/g, '')))) {
    console.error(
      'usage: npm run verify-draw -- <draw_id> [--ticket <14-digit ticket number>]   (VERIFY_BASE_URL, default http://localhost:3000)',
    );
    return 2;
  }
  let record: PublicDrawRecord;
  let ticket: { hash: string; proof: PublicInclusionProof } | undefined;
  try {
    record = await fetchDrawRecord(drawId, baseUrl);
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
