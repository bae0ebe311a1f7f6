import type { Currency } from '@shared/money';
import { periodsOf } from '../../../platform/periods';
import { batchGetAll, keyId, tableName, type TransactItem } from '../../../platform/dynamo';
import { keys } from '../../../platform/store/keys';

/**
 * Aggregates are maintained, never scanned (DESIGN section 2): counters per
 * assignment per day, ISO week, month and year, and platform totals per day,
 * month and year, each updated in the same transaction as the entry that
 * changes them. Every dashboard figure is a handful of GetItems.
 */
export const PLATFORM = 'PLATFORM';

/**
 * Settlement adds the platform's entry totals to one of PLATFORM_SHARDS
 * items per period (owner `PLATFORM#<shard>`, picked per transaction), so
 * that settlements of different draw windows do not all write one item and
 * cancel each other's transactions. Readers sum every platform owner
 * (`readPlatformCounters`): the shards, and the unsharded PLATFORM item,
 * which holds the totals settled before sharding and the draws' winner
 * counters. A fixed number of reads whatever the number of entries. 16:
 * ten promotions' batches of an entry each write a period's shard 2 units
 * a batch (a transaction), and at 8 the busiest took 0.35 units per entry
 * (`npm run bench -- surge`; DESIGN section 10's bar is 1/3).
 */
export const PLATFORM_SHARDS = 16;
const platformShard = (shard: number): string => `${PLATFORM}#${shard}`;
const PLATFORM_OWNERS: readonly string[] = [
  PLATFORM,
  ...Array.from({ length: PLATFORM_SHARDS }, (_, i) => platformShard(i)),
];
/** A counter owner holding platform totals (live topics route on it). */
export const isPlatformOwner = (owner: unknown): boolean =>
  typeof owner === 'string' && (owner === PLATFORM || owner.startsWith(`${PLATFORM}#`));

export interface CounterValues {
  entries: number;
  /** Collected in LRD, LRD cents. */
  lrdCents: number;
  /** Collected in USD, USD cents. */
  usdCents: number;
  /** Everything collected, valued in LRD cents (USD at each entry's rate). */
  valueLrdCents: number;
}

/**
 * The one counter write: ADD each named amount to the (owner, period) item,
 * tagging it so live topics can route the change without a read.
 */
export function counterAdd(
  owner: string,
  period: 'D' | 'W' | 'M' | 'Y',
  value: string,
  amounts: Record<string, number>,
  tags: Record<string, string> = {},
): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.counter(owner, period, value),
      UpdateExpression:
        'SET entity = :entity, #owner = :owner, period = :period, periodValue = :value' +
        Object.keys(tags)
          .map((k) => `, ${k} = :${k}`)
          .join('') +
        ' ADD ' +
        Object.keys(amounts)
          .map((k) => `${k} :${k}`)
          .join(', '),
      ExpressionAttributeNames: { '#owner': 'owner' },
      ExpressionAttributeValues: {
        ':entity': 'counter',
        ':owner': owner,
        ':period': period,
        ':value': value,
        ...Object.fromEntries(Object.entries(tags).map(([k, v]) => [`:${k}`, v])),
        ...Object.fromEntries(Object.entries(amounts).map(([k, v]) => [`:${k}`, v])),
      },
    },
  };
}

const add = (
  owner: string,
  period: 'D' | 'W' | 'M' | 'Y',
  value: string,
  delta: CounterValues,
  tags: Record<string, string>,
) => counterAdd(owner, period, value, { ...delta }, tags);

/** What paid entries add to their counters: one each, their amounts by currency and their LRD value. */
export function paidEntriesDelta(
  entries: ReadonlyArray<{ amountCents: number; currency: Currency; valueLrdCents: number }>,
): CounterValues {
  return entries.reduce(
    (sum, e) => ({
      entries: sum.entries + 1,
      lrdCents: sum.lrdCents + (e.currency === 'LRD' ? e.amountCents : 0),
      usdCents: sum.usdCents + (e.currency === 'USD' ? e.amountCents : 0),
      valueLrdCents: sum.valueLrdCents + e.valueLrdCents,
    }),
    ZERO,
  );
}

/**
 * The counter writes of paid entries settled together (one transaction):
 * 4 for their assignment, 3 for the platform (on `shard`), each adding the
 * entries' summed `delta` once.
 */
export function paidEntriesCounterWrites(
  assignment: { id: string; partnerId: string; promotionId: string },
  delta: CounterValues,
  paidAt: Date,
  shard: number,
): TransactItem[] {
  const p = periodsOf(paidAt);
  const tags = { assignmentId: assignment.id, partnerId: assignment.partnerId, promotionId: assignment.promotionId };
  const platform = platformShard(shard);
  return [
    add(assignment.id, 'D', p.day, delta, tags),
    add(assignment.id, 'W', p.week, delta, tags),
    add(assignment.id, 'M', p.month, delta, tags),
    add(assignment.id, 'Y', p.year, delta, tags),
    add(platform, 'D', p.day, delta, {}),
    add(platform, 'M', p.month, delta, {}),
    add(platform, 'Y', p.year, delta, {}),
  ];
}

const ZERO: CounterValues = { entries: 0, lrdCents: 0, usdCents: 0, valueLrdCents: 0 };

/** Read counters by (owner, period, value); missing ones are zero. */
export function readCounters(
  wanted: Array<{ owner: string; period: 'D' | 'W' | 'M' | 'Y'; value: string }>,
): Promise<CounterValues[]> {
  return readCounterFields(
    wanted.map((w) => keys.counter(w.owner, w.period, w.value)),
    ['entries', 'lrdCents', 'usdCents', 'valueLrdCents'],
  );
}

/** The platform's entry totals by (period, value): every platform owner's item summed (see PLATFORM_SHARDS). */
export async function readPlatformCounters(
  wanted: Array<{ period: 'D' | 'W' | 'M' | 'Y'; value: string }>,
): Promise<CounterValues[]> {
  const values = await readCounters(wanted.flatMap((w) => PLATFORM_OWNERS.map((owner) => ({ owner, ...w }))));
  return wanted.map((_, i) =>
    sumCounterValues(values.slice(i * PLATFORM_OWNERS.length, (i + 1) * PLATFORM_OWNERS.length)),
  );
}

/** Counter values added up, field by field. */
export function sumCounterValues(values: readonly CounterValues[]): CounterValues {
  return values.reduce(
    (sum, v) => ({
      entries: sum.entries + v.entries,
      lrdCents: sum.lrdCents + v.lrdCents,
      usdCents: sum.usdCents + v.usdCents,
      valueLrdCents: sum.valueLrdCents + v.valueLrdCents,
    }),
    ZERO,
  );
}

/** The named number fields of counter items, in the keys' order; a missing item or field reads as zero. */
export async function readCounterFields<F extends string>(
  counterKeys: Array<{ pk: string; sk: string }>,
  fields: readonly F[],
): Promise<Array<Record<F, number>>> {
  const found = await batchGetAll(counterKeys);
  return counterKeys.map((key) => {
    const item = found.get(keyId(key));
    return Object.fromEntries(fields.map((field) => [field, (item?.[field] as number | undefined) ?? 0])) as Record<
      F,
      number
    >;
  });
}

// ── winners and prizes: written in the draw's own transaction ──────

export interface WinnerCounterValues {
  winners: number;
  /** Prizes awarded, LRD cents. */
  prizesLrdCents: number;
}

/** The counter writes of one drawn winner: its assignment's D/W/M/Y and the platform's D/M/Y. */
export function winnerCounterWrites(
  assignment: { id: string; partnerId: string; promotionId: string },
  prizeLrdCents: number,
  drawnAt: Date,
): TransactItem[] {
  const p = periodsOf(drawnAt);
  const tags = { assignmentId: assignment.id, partnerId: assignment.partnerId, promotionId: assignment.promotionId };
  const addWinner = (owner: string, period: 'D' | 'W' | 'M' | 'Y', value: string, ownerTags: Record<string, string>) =>
    counterAdd(owner, period, value, { winners: 1, prizesLrdCents: prizeLrdCents }, ownerTags);
  return [
    addWinner(assignment.id, 'D', p.day, tags),
    addWinner(assignment.id, 'W', p.week, tags),
    addWinner(assignment.id, 'M', p.month, tags),
    addWinner(assignment.id, 'Y', p.year, tags),
    addWinner(PLATFORM, 'D', p.day, {}),
    addWinner(PLATFORM, 'M', p.month, {}),
    addWinner(PLATFORM, 'Y', p.year, {}),
  ];
}

/** Winner counters by (owner, period, value); missing ones are zero. */
export function readWinnerCounters(
  wanted: Array<{ owner: string; period: 'D' | 'W' | 'M' | 'Y'; value: string }>,
): Promise<WinnerCounterValues[]> {
  return readCounterFields(
    wanted.map((w) => keys.counter(w.owner, w.period, w.value)),
    ['winners', 'prizesLrdCents'],
  );
}
