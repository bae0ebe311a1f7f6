import { chainLines, type ChainItem, type ChainLine } from '@shared/export-chain';
import { oversightMessages } from '@shared/oversight-messages';
import { gameLedgerLinesBetween, type GameLedgerLine } from '../ledger';
import { drawsSince } from '../draw-records';
import { publicDrawView } from '../draws';
import { refuseInvalid } from '../../platform/refusal';
import { reportPeriod } from './report';

/**
 * The regulator's chained export (shared/export-chain.ts): every game-ledger
 * line and every draw's public record (the winner masked) from the start of
 * `since` (a GMT day) to now, in one order, each line carrying the previous
 * line's hash. Both are written once and never changed, so the same span
 * exports the same lines, and a later export of it only adds lines.
 */
const MAX_DAYS = 366;

/** A `since` day that is real, not in the future and at most MAX_DAYS back; else a 400 naming the field. */
function sinceIso(since: string, now: Date): string {
  const period = reportPeriod('day', since);
  const earliest = now.getTime() - MAX_DAYS * 86_400_000;
  if (!period || Date.parse(period.from) > now.getTime() || Date.parse(period.from) < earliest)
    throw refuseInvalid(oversightMessages.regulator.badSince, { since: oversightMessages.regulator.badSince });
  return period.from;
}

/** The ledger line as exported: its stored fields, nothing added. */
const ledgerItem = (line: GameLedgerLine & { id: string }): ChainItem => ({
  kind: 'ledger',
  at: line.at,
  id: line.id,
  record: { ...line },
});

export async function exportChain(since: string, now: Date): Promise<ChainLine[]> {
  const from = sinceIso(since, now);
  // to the end of today (GMT): a line booked this instant is in it
  const to = new Date(Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`) + 86_400_000).toISOString();
  const [lines, draws] = await Promise.all([gameLedgerLinesBetween(from, to), drawsSince(from)]);
  return chainLines([
    ...lines.map(ledgerItem),
    ...draws.map((draw): ChainItem => ({ kind: 'draw', at: draw.drawnAt, id: draw.id, record: publicDrawView(draw) })),
  ]);
}

/** The chain as JSON Lines: one line per chained item, each ending in a newline. */
export const chainText = (lines: readonly ChainLine[]): string =>
  lines.map((line) => `${JSON.stringify(line)}\n`).join('');
