import { normalizeDrawCode } from '@shared/fairness/draw-code';
import { maskMobileNumber } from '@shared/phone';
import { drawCodeItems, getDraw, type DrawCodeItem, type DrawRecord } from '../draw-records';
import { recentEntriesOf } from '../entries';

/**
 * A draw as a listener checks it by its code (issue 36: `/d/<code>`, USSD "Check a draw", SMS
 * `DRAW <code>`): the game, its entries, its close, the winner's masked number once drawn and, for a
 * caller, how many of the caller's own tickets were among the entries drawn. One reading for all three.
 */
export interface DrawCodeFacts {
  code: string;
  drawId: string;
  /** closing: the code was read on air, the round that decides the winner is awaited. */
  status: 'closing' | 'drawn';
  game: string;
  title: string;
  assignmentId: string;
  windowNo: number;
  /** The entries drawn among: seqs firstSeq..firstSeq + entryCount - 1 of the window. */
  firstSeq: number;
  entryCount: number;
  closedAt: string;
  roundAt?: string;
  /** Masked (DESIGN section 7). */
  winner?: string;
  record?: DrawRecord;
}

/** A broadcast close whose round passed this long ago without its record did not commit (it was retried or refused). */
const STALE_CLOSE_MS = 60_000;
/** The caller's entries read to find the ones in the draw. */
const CALLER_ENTRIES = 50;

export async function drawFactsByCode(typed: string, now: Date): Promise<DrawCodeFacts | undefined> {
  const code = normalizeDrawCode(typed);
  if (!code) return undefined;
  for (const item of await drawCodeItems(code)) {
    const record = await getDraw(item.drawId);
    if (record) {
      // a retried close drew with another round: this code was never the record's
      if (record.drawCode !== code) continue;
      return drawnFacts(code, item, record);
    }
    const roundAt = item.roundAt ? Date.parse(item.roundAt) : 0;
    if (now.getTime() - roundAt < STALE_CLOSE_MS) return closingFacts(code, item);
  }
  return undefined;
}

const closingFacts = (code: string, item: DrawCodeItem): DrawCodeFacts => ({
  code,
  drawId: item.drawId,
  status: 'closing',
  game: item.game,
  title: item.title,
  assignmentId: item.assignmentId,
  windowNo: item.windowNo,
  firstSeq: item.firstSeq,
  entryCount: item.entryCount,
  closedAt: item.closedAt,
  ...(item.roundAt ? { roundAt: item.roundAt } : {}),
});

const drawnFacts = (code: string, item: DrawCodeItem, record: DrawRecord): DrawCodeFacts => ({
  ...closingFacts(code, item),
  status: 'drawn',
  entryCount: record.entryCount,
  closedAt: record.closedAt ?? record.drawnAt,
  ...(record.winnerMsisdn ? { winner: maskMobileNumber(record.winnerMsisdn) } : {}),
  record,
});

/** How many of `msisdn`'s paid tickets are among the entries the draw is among. */
export async function callerTicketsIn(facts: DrawCodeFacts, msisdn: string): Promise<number> {
  const last = facts.firstSeq + facts.entryCount - 1;
  const entries = await recentEntriesOf(msisdn, CALLER_ENTRIES);
  return entries.filter(
    (e) =>
      e.status === 'paid' &&
      e.assignmentId === facts.assignmentId &&
      e.windowNo === facts.windowNo &&
      e.seq !== undefined &&
      e.seq >= facts.firstSeq &&
      e.seq <= last,
  ).length;
}
