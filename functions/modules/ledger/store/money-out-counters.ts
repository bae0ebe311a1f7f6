import { periodsOf } from '../../../platform/periods';
import type { TransactItem } from '../../../platform/dynamo';
import { keys } from '../../../platform/store/keys';
import { counterAdd, readCounterFields } from './counters';

/**
 * The counters of money going out (payouts paid) and coming back (stakes
 * refunded), apart from settlement's entry counters (./counters.ts): each
 * written in its own event's transaction, on items of its own.
 */

// ── money out ─────────────────────────────────────────────────────

/**
 * Owner of the money-out counters: partner, announcer and prize payouts paid, per
 * GMT day, month and year of payment, written in the transaction that marks
 * a payout paid. Items of their own, so payouts never contend with
 * settlement's PLATFORM counters. (Winners and prizes are counted at the
 * draw, on PLATFORM and assignment counters: winnerCounterWrites.)
 */
export const MONEY_OUT = 'MONEYOUT';

export interface MoneyOutValues {
  /** Partner payouts paid, LRD cents. */
  partnerPaidCents: number;
  /** Announcer payouts paid (the overview's "Announcers Bouns Payout"), LRD cents. */
  announcerPaidCents: number;
  /** Prizes paid to winners (the public "Paid to winners": paid, not awarded or pending), LRD cents. */
  prizePaidCents: number;
}

/** The counter writes of one paid payout: D, M and Y items of MONEY_OUT, adding only the non-zero fields. */
export function moneyOutCounterWrites(delta: Partial<MoneyOutValues>, paidAt: Date): TransactItem[] {
  const fields = Object.entries(delta).filter(([, value]) => value !== undefined && value !== 0) as Array<
    [string, number]
  >;
  if (fields.length === 0) return [];
  const p = periodsOf(paidAt);
  return (
    [
      ['D', p.day],
      ['M', p.month],
      ['Y', p.year],
    ] as const
  ).map(([period, value]) => counterAdd(MONEY_OUT, period, value, Object.fromEntries(fields)));
}

/** Read money-out counters by (period, value); missing ones are zero. */
export function readMoneyOut(wanted: Array<{ period: 'D' | 'M' | 'Y'; value: string }>): Promise<MoneyOutValues[]> {
  return readCounterFields(
    wanted.map((w) => keys.counter(MONEY_OUT, w.period, w.value)),
    ['partnerPaidCents', 'announcerPaidCents', 'prizePaidCents'],
  );
}

// ── refunds: written in each refund's own transaction ──────────────

/**
 * Owner of the refund counters: stakes refunded (a cleared draw's refunds), per GMT day, month and year of
 * the refund, in the transaction that books the refund's game-ledger line, so the overview's gross gaming
 * revenue (DESIGN section 4 "Tax": stakes − refunds − prizes) is the ledger's sum, read in a few GetItems.
 * Spread over REFUND_SHARDS items per period, so that the refunds of one clear, committed a few at once,
 * do not all write one item.
 */
const REFUNDS = 'REFUNDS';
const REFUND_SHARDS = 4;
const REFUND_OWNERS = Array.from({ length: REFUND_SHARDS }, (_, i) => `${REFUNDS}#${i}`);
/** A counter owner holding refund totals (the overview's topic routes on it). */
export const isRefundOwner = (owner: unknown): boolean => typeof owner === 'string' && owner.startsWith(`${REFUNDS}#`);

/** The counter writes of one refunded stake (its LRD value, positive): D, M and Y of the refund's day. */
export function refundCounterWrites(valueLrdCents: number, refundedAt: Date): TransactItem[] {
  const p = periodsOf(refundedAt);
  const owner = REFUND_OWNERS[Math.floor(Math.random() * REFUND_SHARDS)]!;
  return (
    [
      ['D', p.day],
      ['M', p.month],
      ['Y', p.year],
    ] as const
  ).map(([period, value]) => counterAdd(owner, period, value, { refunds: 1, refundedValueLrdCents: valueLrdCents }));
}

/** Stakes refunded (LRD value) by (period, value), every shard summed; missing ones are zero. */
export async function readRefundedValue(wanted: Array<{ period: 'D' | 'M' | 'Y'; value: string }>): Promise<number[]> {
  const values = await readCounterFields(
    wanted.flatMap((w) => REFUND_OWNERS.map((owner) => keys.counter(owner, w.period, w.value))),
    ['refundedValueLrdCents'],
  );
  return wanted.map((_, i) =>
    values.slice(i * REFUND_SHARDS, (i + 1) * REFUND_SHARDS).reduce((sum, v) => sum + v.refundedValueLrdCents, 0),
  );
}
