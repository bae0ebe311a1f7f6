import { createHash } from 'node:crypto';
import { SHARDS } from '@shared/capacity';
import type { GameKind } from '@shared/games';
import type { Currency } from '@shared/money';

/**
 * The game ledger (DESIGN section 4 "Tax"): every money movement the
 * regulator report counts, one line each, written in the same transaction
 * as the event that causes it and never changed afterwards.
 *
 * - `stake`: a paid entry's stake, in the currency paid, with its LRD value
 *   at the entry's booked rate (the tax filing's basis); ref = entry id.
 * - `prize-awarded`: a draw's prize, owed from the draw on (LRD); ref = draw id.
 * - `prize-paid`: that prize's payout succeeded (LRD); ref = draw id.
 * - `prize-voided`: a prize whose winner was voided for cause (issue 36), booked when voided as the negative
 *   of its award; its redraw's `prize-awarded` line owes it again (ref = the redraw's id); ref = voided draw id.
 * - `stake-refunded`: a cleared draw's stake refunded (DESIGN section 4 "Clear draw"), booked when
 *   refunded as a negative stake (amount and value below zero), so stakes are counted net of refunds;
 *   ref = entry id.
 *
 * A line's id is derived from what caused it (time, kind, ref), so a line
 * is written once however often its event is replayed or backfilled. A
 * settlement batch's stake lines are stored together, in one item
 * (store/stake-batches.ts), and read back as the lines they are.
 */
type GameLedgerKind = 'stake' | 'stake-refunded' | 'prize-awarded' | 'prize-paid' | 'prize-voided';

export interface GameLedgerLine {
  kind: GameLedgerKind;
  /** When it happened (ISO): the entry's payment, the draw, the payout's success. */
  at: string;
  /** The entry id (stakes) or draw id (prizes). */
  ref: string;
  assignmentId: string;
  promotionId: string;
  partnerId: string;
  game: GameKind;
  currency: Currency;
  /** Whole minor units of `currency`; prizes are LRD. */
  amountCents: number;
  /** The amount in LRD cents: a USD stake at its entry's booked rate. */
  valueLrdCents: number;
  /** A USD stake's rate, LRD per USD × 1000, as booked with the entry. */
  rateMilli?: number;
  /** Prize lines: when the draw was made (a prize counts in the period of its draw). */
  drawnAt?: string;
}

/** The line's id (its sort key): unique per event, and the same each time that event is booked. */
export const gameLedgerLineId = (line: Pick<GameLedgerLine, 'at' | 'kind' | 'ref'>): string =>
  `${line.at}#${line.kind}#${line.ref}`;

/**
 * A day's stakes are spread over SHARDS.gameLedgerStakes partitions (each
 * settlement batch's stakes are written in its transaction, and one
 * partition a day took them all); prizes, a few a day, share one.
 */
const STAKE_SHARDS = SHARDS.gameLedgerStakes;
export const STAKE_PARTS = Array.from({ length: STAKE_SHARDS }, (_, i) => `s${i}`);
export const PRIZE_PART = 'prizes';

/**
 * The part of its day a line is kept in: a stake's by its ref (so a backfill finds the same key; a batch's
 * stakes where its first entry's would go), prizes together.
 */
export function gameLedgerPart(line: Pick<GameLedgerLine, 'kind' | 'ref'>): string {
  if (line.kind !== 'stake' && line.kind !== 'stake-refunded') return PRIZE_PART;
  return STAKE_PARTS[createHash('sha256').update(line.ref).digest().readUInt32BE(0) % STAKE_SHARDS]!;
}

/** The GMT days from `fromIso` (inclusive) to `toIso` (exclusive), both GMT midnights. */
export function daysBetween(fromIso: string, toIso: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(fromIso); t < Date.parse(toIso); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** A paid entry's stake line; `valueLrdCents`: the stake in LRD at the entry's booked rate. */
export function stakeLine(
  entry: {
    id: string;
    assignmentId: string;
    promotionId: string;
    partnerId: string;
    game: GameKind;
    currency: Currency;
    amountCents: number;
    rateMilli: number;
  },
  paidAt: string,
  valueLrdCents: number,
): GameLedgerLine {
  return {
    kind: 'stake',
    at: paidAt,
    ref: entry.id,
    assignmentId: entry.assignmentId,
    promotionId: entry.promotionId,
    partnerId: entry.partnerId,
    game: entry.game,
    currency: entry.currency,
    amountCents: entry.amountCents,
    valueLrdCents,
    ...(entry.currency === 'USD' ? { rateMilli: entry.rateMilli } : {}),
  };
}

/** A refunded stake, booked at `at` as the negative of its stake line (same currency, same LRD value). */
export function refundLine(stake: GameLedgerLine, at: string): GameLedgerLine {
  return { ...stake, kind: 'stake-refunded', at, amountCents: -stake.amountCents, valueLrdCents: -stake.valueLrdCents };
}

interface PrizeDraw {
  id: string;
  assignmentId: string;
  promotionId: string;
  partnerId: string;
  game: GameKind;
  drawnAt: string;
  prizeLrdCents: number;
}

/** A draw's prize awarded (owed until paid), or paid, at `at`; or voided (its award undone: negative). */
export function prizeLine(
  kind: 'prize-awarded' | 'prize-paid' | 'prize-voided',
  draw: PrizeDraw,
  at: string,
): GameLedgerLine {
  const sign = kind === 'prize-voided' ? -1 : 1;
  return {
    kind,
    at,
    ref: draw.id,
    assignmentId: draw.assignmentId,
    promotionId: draw.promotionId,
    partnerId: draw.partnerId,
    game: draw.game,
    currency: 'LRD',
    amountCents: sign * draw.prizeLrdCents,
    valueLrdCents: sign * draw.prizeLrdCents,
    drawnAt: draw.drawnAt,
  };
}

/** What a line counts as in a period's report. */
type CountedAs = 'stakes' | 'prizesPaid' | 'prizesOwed';

export interface CountedLine<L extends GameLedgerLine = GameLedgerLine> {
  line: L;
  as: CountedAs;
}

/**
 * Which of a period's lines make its figures, and as what: every stake;
 * for every prize awarded in the period, its `prize-paid` line when the
 * payout succeeded within the period (paid), else the awarded line (owed).
 * A prize paid in the period for an earlier period's draw counts in that
 * earlier period (as it did there once paid), not here.
 */
export function countedLines<L extends GameLedgerLine>(lines: readonly L[]): Array<CountedLine<L>> {
  const paid = new Map(lines.filter((l) => l.kind === 'prize-paid').map((l) => [l.ref, l]));
  const counted: Array<CountedLine<L>> = [];
  for (const line of lines) {
    if (line.kind === 'stake' || line.kind === 'stake-refunded') counted.push({ line, as: 'stakes' });
    else if (line.kind === 'prize-awarded') {
      const payout = paid.get(line.ref);
      counted.push(payout ? { line: payout, as: 'prizesPaid' } : { line, as: 'prizesOwed' });
    } else if (line.kind === 'prize-voided') {
      // a voided award is never paid (the void refuses a paid prize): it is owed no more, in the period of the void
      counted.push({ line, as: 'prizesOwed' });
    }
  }
  return counted;
}
