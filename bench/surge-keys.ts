import type { Assignment } from '../functions/modules/catalog';
import { batchCapacity } from '../functions/modules/entries/settle-batch';
import type { Tally } from '../infra/local/request-count';
import type { BenchResult } from './result';
import { round } from './stats';
import type { CountedFigures } from './surge-capacity';

/**
 * The surge bench's counted figures by partition key (bench/surge-count.ts): the most-written keys, the rate
 * limits' items, the sharded keys, the write units by kind of key, and what a settlement batch costs beside its
 * entries.
 */

export const per = (value: number, paid: number) => round(value / Math.max(paid, 1), 2);

/**
 * A counted partition key's kind: `<table|gsi1|gsi2|gsi3> <its prefix before the first #>` (`table ENTRY`, `gsi3
 * PENDINGPAY`…); a batch's owed SMS (`SMS#batch-<id>`) is `table SMSBATCH`, apart from the SMS records.
 */
const kindOf = (key: string): string => (key.startsWith('table SMS#batch-') ? 'table SMSBATCH' : key.split('#')[0]!);

/** The map for the next steps: the 10 partition keys written most per entry on one promotion. */
export function topPartitions(figures: CountedFigures): BenchResult[] {
  const paid = figures.run.paid;
  return [...figures.counts.byPartition]
    .sort(([, a], [, b]) => b.writeUnits - a.writeUnits)
    .slice(0, 10)
    .map(([key, tally], i) => ({
      name: `top ${i + 1}: ${key} (item writes ${per(tally.itemWrites, paid)}, read units ${per(tally.readUnits, paid)} per entry)`,
      value: per(tally.writeUnits, paid),
      unit: 'WCU/entry',
    }));
}

/** The counted partition keys grouped by `groupOf` (a key it names no group for is left out). */
function partitionsBy(
  figures: CountedFigures,
  groupOf: (key: string) => string | undefined,
): Map<string, Array<readonly [string, Tally]>> {
  const groups = new Map<string, Array<readonly [string, Tally]>>();
  for (const [key, tally] of figures.counts.byPartition) {
    const group = groupOf(key);
    if (group !== undefined) groups.set(group, [...(groups.get(group) ?? []), [key, tally] as const]);
  }
  return groups;
}

/**
 * The rate limits' windows by rule (`RATE#<scope>#…`: an address's shards,
 * a provider's shards; one item each): their write and read units per entry
 * together, over how many keys, and the hottest key's share.
 */
export function rateLimitKeys(figures: CountedFigures): BenchResult[] {
  const paid = figures.run.paid;
  const byScope = partitionsBy(figures, (key) => /^table RATE#([^#]+)#/.exec(key)?.[1]);
  return [...byScope].map(([scope, keys]) => {
    const sum = (of: (t: Tally) => number) => keys.reduce((total, [, t]) => total + of(t), 0);
    const [hotKey, hot] = keys.reduce((a, b) => (b[1].writeUnits > a[1].writeUnits ? b : a));
    return {
      name: `rate limit RATE#${scope}: over ${keys.length} keys, write units / read units per entry (hottest key ${hotKey.replace(/^table /, '')}: ${per(hot.writeUnits, paid)} WCU, ${per(hot.readUnits, paid)} RCU per entry)`,
      value: per(
        sum((t) => t.writeUnits),
        paid,
      ),
      unit: `/ ${per(
        sum((t) => t.readUnits),
        paid,
      )}`,
    };
  });
}

/**
 * Keys spread over shards (`…#<n>`, a game ledger's `…#s<n>`; rate limits have their own lines): their write
 * units per entry together, over how many keys, and the most-written key's share — what sizes a shard count
 * (shared/capacity.ts: shards = ⌈write units per entry × 3⌉, then room for an uneven spread).
 */
export function shardedKeys(label: string, figures: CountedFigures): BenchResult[] {
  const paid = figures.run.paid;
  const byBase = partitionsBy(figures, (key) => {
    // a shard number is small (a counter's kind of period may follow it); a number, a ticket or a code at the end is
    // an item's own key, not a shard
    const shard = /^(.+)#s?\d{1,3}(#[DWMY])?$/.exec(key);
    const base = shard ? `${shard[1]}${shard[2] ?? ''}` : undefined;
    return base?.startsWith('table RATE#') ? undefined : base;
  });
  return [...byBase]
    .filter(([, keys]) => keys.length > 1)
    .map(([base, keys]) => {
      const [hotKey, hot] = keys.reduce((a, b) => (b[1].writeUnits > a[1].writeUnits ? b : a));
      const total = keys.reduce((sum, [, t]) => sum + t.writeUnits, 0);
      return { base, keys, hotKey, hot, total };
    })
    .filter(({ total }) => total / paid >= 0.4)
    .sort((a, b) => b.total - a.total)
    .map(({ base, keys, hotKey, hot, total }) => ({
      name: `${label}: sharded ${base}: over ${keys.length} keys, write units per entry (most-written ${hotKey.replace(/^\S+ /, '')}: ${per(hot.writeUnits, paid)})`,
      value: per(total, paid),
      unit: 'WCU',
    }));
}

/**
 * Where a paid entry's write units go, by kind of key (`<table|gsi> <prefix before the first #>`: ENTRY, TICKET,
 * PENDINGPAY…), most first: what to cut to bring the total toward DESIGN section 10's 15.
 */
export function writeUnitsByKind(label: string, figures: CountedFigures): BenchResult[] {
  const paid = figures.run.paid;
  const byKind = [...partitionsBy(figures, kindOf)].map(
    ([kind, keys]) =>
      [
        kind,
        {
          writeUnits: keys.reduce((total, [, t]) => total + t.writeUnits, 0),
          itemWrites: keys.reduce((total, [, t]) => total + t.itemWrites, 0),
        },
      ] as const,
  );
  return byKind
    .filter(([, sum]) => sum.writeUnits / paid >= 0.5)
    .sort((a, b) => b[1].writeUnits - a[1].writeUnits)
    .map(([kind, sum]) => ({
      name: `${label}: write units per entry on ${kind} keys (item writes ${per(sum.itemWrites, paid)})`,
      value: per(sum.writeUnits, paid),
      unit: 'WCU',
    }));
}

/**
 * Kinds of key written once per settlement batch, whatever its size: the assignment (its window), the window's run
 * of seq items, the counters, the payees' balances and ledger lines, the game ledger's item of the batch's stakes,
 * the item of its ticket SMS. Every other kind is written per entry (the SMSDUE index entries of the batches' SMS
 * items too: the index key does not tell them from a retried SMS's, so the per-entry figure carries them).
 */
const PER_BATCH_KINDS = new Set([
  'ASSIGN',
  'WINDOW',
  'COUNTER',
  'USER',
  'BALANCES',
  'LEDGER',
  'GAMELEDGER',
  'SMSBATCH',
]);

/**
 * Issue 32's bar of ≤ 15 write units per paid entry is the surge's: there a
 * settlement batch's writes (window, counters, ledgers: ~40 units) are shared
 * by its 30–40 entries. Slower runs print the same figure without the bar: at
 * 10 entries a second a batch holds a few, at 1 a second one.
 */
export const unitsBar = (atSurge: boolean, perEntry: number) => (atSurge ? { bar: '≤ 15', pass: perEntry <= 15 } : {});
export const unitsNote = (atSurge: boolean) => (atSurge ? '' : '; the ≤ 15 bar is at the surge pace');

/** A partner promotion's full batch (its partner paid a share, no announcer checked in): what a surge fills. */
const FULL_BATCH = batchCapacity({ kind: 'partner', partnerBp: 1, announcerBp: 1 } as Assignment, 0);

/**
 * The write units split into what each entry costs and what each settlement batch costs: the counted per-entry
 * figure at 10 entries/s depends on how many entries a batch gathered (fewer when settlement keeps up), so beside
 * it, the same counts projected to full batches, as a surge fills them.
 */
export function batchFigures(label: string, figures: CountedFigures, atSurge: boolean): BenchResult[] {
  const { counts, run } = figures;
  const paid = run.paid;
  const transactions = counts.byOperation.get('TransactWriteItems')?.requests ?? 0;
  const batches = Math.max(1, transactions - (counts.refusedByOperation.get('TransactWriteItems') ?? 0));
  let perBatchUnits = 0;
  const byKind = new Map<string, number>();
  for (const [key, tally] of counts.byPartition) {
    const kind = kindOf(key).split(' ')[1]!;
    if (!PER_BATCH_KINDS.has(kind)) continue;
    perBatchUnits += tally.writeUnits;
    byKind.set(kind, (byKind.get(kind) ?? 0) + tally.writeUnits);
  }
  const kinds = [...byKind]
    .sort((a, b) => b[1] - a[1])
    .map(([kind, units]) => `${kind} ${round(units / batches, 1)}`)
    .join(', ');
  const perEntryUnits = counts.total.writeUnits - perBatchUnits;
  return [
    {
      name: `${label}: entries per committed settlement batch (${batches} batches)`,
      value: round(paid / batches, 2),
      unit: 'entries',
    },
    {
      name: `${label}: write units on per-entry keys, per paid entry (cancelled batches' items included)`,
      value: per(perEntryUnits, paid),
      unit: 'WCU',
    },
    {
      name: `${label}: write units on per-batch keys, per batch (${kinds})`,
      value: round(perBatchUnits / batches, 1),
      unit: 'WCU',
    },
    {
      name: `${label}: write units per paid entry projected to full batches (${FULL_BATCH} entries a batch${unitsNote(atSurge)})`,
      value: round(perEntryUnits / paid + perBatchUnits / batches / FULL_BATCH, 2),
      unit: 'WCU',
      ...unitsBar(atSurge, perEntryUnits / paid + perBatchUnits / batches / FULL_BATCH),
    },
  ];
}
