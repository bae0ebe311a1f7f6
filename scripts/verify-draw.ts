/**
 * `npm run verify-draw -- <draw_id>`: anyone can check a draw (issue 6
 * item 4). Fetches the draw's public record from VERIFY_BASE_URL (default
 * http://localhost:3000), checks that the revealed seed hashes to the
 * commitment shown before the draw, and recomputes the winning sequence
 * number from the seed, the draw id and the entry count with the same code
 * the draw used (shared/draw-math.ts).
 *
 * Exit status: 0 the record checks out; 1 it does not; 2 it could not be
 * checked (no such draw, server unreachable, bad arguments).
 */
import { pathToFileURL } from 'node:url';
import type { PublicDrawRecord } from '../shared/api/schemas/draws';
import { verifyDrawRecord, type DrawVerdict } from '../shared/draw-math';

export const DEFAULT_BASE_URL = 'http://localhost:3000';

export async function fetchDrawRecord(drawId: string, baseUrl: string = DEFAULT_BASE_URL): Promise<PublicDrawRecord> {
  const response = await fetch(`${baseUrl.replace(/\/$/, '')}/api/v1/public/draws/${encodeURIComponent(drawId)}`);
  if (!response.ok) throw new Error(`the server answered ${response.status} for draw ${drawId}`);
  return (await response.json()) as PublicDrawRecord;
}

export function describeVerdict(record: PublicDrawRecord, verdict: DrawVerdict): string {
  const lines = [
    `Draw ${record.draw_id} (${record.promotion_title || record.game}, ${record.kind}) drawn ${record.drawn_at}`,
    `  commitment   ${record.commitment}`,
    `  seed         ${record.seed ?? '(not revealed)'}`,
    `  entries      ${record.entry_count} (seq ${record.first_seq}..${record.first_seq + record.entry_count - 1} of ${record.window_count})`,
    `  winning seq  ${record.winning_seq ?? 'none'}${record.winner ? ` — winner ${record.winner}` : ''}`,
    ...verdict.checks.map((c) => `  ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`),
    verdict.ok ? 'VERIFIED: the winner is the one the committed seed picks.' : 'NOT VERIFIED: this record does not match its commitment.',
  ];
  return lines.join('\n');
}

async function main(argv: string[]): Promise<number> {
  const drawId = argv.find((a) => !a.startsWith('-'));
  if (!drawId) {
    console.error('usage: npm run verify-draw -- <draw_id>   (VERIFY_BASE_URL, default http://localhost:3000)');
    return 2;
  }
  let record: PublicDrawRecord;
  try {
    record = await fetchDrawRecord(drawId, process.env.VERIFY_BASE_URL ?? DEFAULT_BASE_URL);
  } catch (error) {
    console.error(`Could not check draw ${drawId}: ${(error as Error).message}`);
    return 2;
  }
  const verdict = verifyDrawRecord(record);
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
