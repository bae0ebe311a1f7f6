import { timeEachInvocation } from '../infra/local/lambda-registry';
import { RequestCounter, type RequestCounts, type Tally } from '../infra/local/request-count';
import { aBenchPromotionCode } from './fixtures';
import { MAX_KEY_WRITE_UNITS_PER_ENTRY } from '@shared/capacity';
import type { BenchResult } from './result';
import { rawTransactionsPerSecond } from './settlement';
import { capacityTable, hottestPartition, mostWrittenPartition, type CountedFigures } from './surge-capacity';
import { surgeRun, type SurgeRun } from './surge-run';
import { percentile, round } from './stats';
import {
  batchFigures,
  per,
  rateLimitKeys,
  shardedKeys,
  topPartitions,
  unitsBar,
  unitsNote,
  writeUnitsByKind,
} from './surge-keys';

/** The counted runs (DESIGN section 10): entries, average arrivals a second, promotions. */
const ONE_PROMOTION = { entries: 150, perSecond: 10, promotions: 1 };
const MANY_PROMOTIONS = { entries: 150, perSecond: 10, promotions: 10 };
/**
 * Counted at the surge's pace too: at 10/s a promotion's callbacks seldom meet, so its settlement batches hold an
 * entry or two and the per-batch writes weigh on each; offered faster than this machine settles, the batches fill
 * as a real surge fills them (issue 32's "at the surge rate").
 */
const SURGE_PACE = { entries: 240, perSecond: 60, promotions: 1 };
/** The timed run, counter off: arrivals faster than this machine settles them, so the rate is the sustained one. */
const TIMED = { entries: 240, perSecond: 60, concurrency: 8, items: 11 };

/**
 * Issue 32's counted surge bench: a Poisson arrival of distinct players
 * (web and USSD, MTN and Orange) on ONE promotion, then spread over many,
 * each followed to its ticket SMS, with every DynamoDB request the functions
 * send counted (infra/local/request-count.ts: units as DynamoDB bills them,
 * infra/local/capacity-units.ts) — machine-independent figures per paid
 * entry — then a timed run with the counter off. Prints DESIGN section 10's
 * capacity table from the counted figures.
 */
export async function benchSurgeCount(baseUrl: string, smsUrl: string): Promise<BenchResult[]> {
  const counter = new RequestCounter();
  const durations = new Map<string, { count: number; ms: number }>();
  const stopTiming = timeEachInvocation((name, ms) => {
    const d = durations.get(name) ?? { count: 0, ms: 0 };
    durations.set(name, { count: d.count + 1, ms: d.ms + ms });
  });
  const results: BenchResult[] = [];
  try {
    const one = await counted(counter, durations, baseUrl, smsUrl, ONE_PROMOTION);
    results.push(...countedResults('one promotion', one, false));
    const many = await counted(counter, durations, baseUrl, smsUrl, MANY_PROMOTIONS);
    results.push(...countedResults(`${MANY_PROMOTIONS.promotions} promotions`, many, false));
    const surge = await counted(counter, durations, baseUrl, smsUrl, SURGE_PACE);
    results.push(...countedResults(`surge pace (${SURGE_PACE.perSecond}/s offered)`, surge, true));
    results.push(...(await timed(baseUrl, smsUrl)));
    // a promotion's hottest key as a surge writes it (full batches), the platform's units as many promotions spend them
    results.push(...capacityTable(surge, many));
    results.push(...topPartitions(one));
    results.push(...rateLimitKeys(one));
    results.push(
      ...shardedKeys('one promotion', one),
      ...shardedKeys(`${MANY_PROMOTIONS.promotions} promotions`, many),
      ...writeUnitsByKind('one promotion', one),
      ...batchFigures('one promotion', one, false),
      ...batchFigures(`${MANY_PROMOTIONS.promotions} promotions`, many, false),
      ...batchFigures(`surge pace (${SURGE_PACE.perSecond}/s offered)`, surge, true),
      ...writeUnitsByKind(`surge pace (${SURGE_PACE.perSecond}/s offered)`, surge),
    );
  } finally {
    stopTiming();
    counter.stop();
  }
  return results;
}

async function counted(
  counter: RequestCounter,
  durations: Map<string, { count: number; ms: number }>,
  baseUrl: string,
  smsUrl: string,
  load: { entries: number; perSecond: number; promotions: number },
): Promise<CountedFigures> {
  const codes = await Promise.all(Array.from({ length: load.promotions }, () => aBenchPromotionCode('all')));
  counter.start();
  counter.take();
  durations.clear();
  const run = await surgeRun(baseUrl, smsUrl, codes, load.entries, load.perSecond);
  await quiet(counter);
  const counts = counter.take();
  counter.stop();
  return { load, run, counts, durations: new Map(durations) };
}

/** Wait until the functions have stopped asking DynamoDB anything (the stream's handlers finish after the last SMS). */
async function quiet(counter: RequestCounter): Promise<void> {
  let last = -1;
  for (;;) {
    await new Promise((r) => setTimeout(r, 1500));
    const now = counter.requestsSoFar();
    if (now === last) return;
    last = now;
  }
}

/** Each tally's requests per paid entry, most first: "Query 12.3, GetItem 8.1, …". */
const perEach = (tallies: ReadonlyMap<string, Tally>, paid: number) =>
  [...tallies]
    .sort((a, b) => b[1].requests - a[1].requests)
    .map(([name, tally]) => `${name} ${per(tally.requests, paid)}`)
    .join(', ');

function countedResults(label: string, figures: CountedFigures, atSurge: boolean): BenchResult[] {
  const { run, counts, load } = figures;
  const paid = run.paid;
  const hottest = hottestPartition(counts, paid);
  const mostWritten = mostWrittenPartition(counts);
  const refusedShare = (run.refused / run.entries) * 100;
  const webRequests = run.web.requests / Math.max(run.web.entries, 1);
  return [
    {
      name: `${label}: ${run.entries} players (Poisson, ${load.perSecond}/s; web+USSD, MTN+Orange), paid entries`,
      value: paid,
      unit: 'entries',
    },
    {
      name: `${label}: write units per paid entry (transactional ×2, GSIs included${unitsNote(atSurge)})`,
      value: per(counts.total.writeUnits, paid),
      unit: 'WCU',
      ...unitsBar(atSurge, counts.total.writeUnits / paid),
    },
    { name: `${label}: read units per paid entry`, value: per(counts.total.readUnits, paid), unit: 'RCU' },
    {
      name: `${label}: item writes per paid entry (table items, as the stream shows them)`,
      value: per(tableWrites(counts), paid),
      unit: 'items',
    },
    {
      name: `${label}: DynamoDB requests per paid entry (by operation: ${perEach(counts.byOperation, paid)}; by Lambda: ${perEach(counts.byLambda, paid)})`,
      value: per(counts.total.requests, paid),
      unit: 'requests',
    },
    {
      name: `${label}: DynamoDB Local's own ConsumedCapacity per paid entry, write / read (cross-check)`,
      value: per(counts.dynamoLocal.writeUnits, paid),
      unit: `/ ${per(counts.dynamoLocal.readUnits, paid)}`,
    },
    {
      name: `${label}: HTTP requests per web entry (submit, socket connect naming the entry; polls only without a socket)`,
      value: round(webRequests, 2),
      unit: 'requests',
      bar: '≤ 3',
      pass: webRequests <= 3,
    },
    {
      name: `${label}: gateway requests per USSD entry`,
      value: per(run.ussd.requests, run.ussd.entries),
      unit: 'requests',
    },
    {
      name: `${label}: players refused (${run.refused} of ${run.entries})`,
      value: round(refusedShare, 2),
      unit: '%',
      bar: '= 0 %',
      pass: run.refused === 0,
    },
    {
      name: `${label}: entries taken but no ticket SMS within 90 s (${run.late} of ${run.entries})`,
      value: run.late,
      unit: 'entries',
    },
    {
      name: `${label}: requests DynamoDB refused (failed conditions, cancelled transactions; billed here, not by DynamoDB Local): ${[
        ...counts.refusedByOperation,
      ]
        .map(([operation, n]) => `${operation} ${n}`)
        .join(', ')}`,
      value: [...counts.refusedByOperation.values()].reduce((sum, n) => sum + n, 0),
      unit: 'requests',
    },
    // issue 32: at most 1 write per 3 entries on a promotion's hottest key — checked on write units (stricter: an
    // item over 1 KB counts more) at the surge's pace, on item writes below it, where batches hold a few entries
    atSurge
      ? {
          name: `${label}: most-written partition key ${mostWritten.key}: write units per entry (item writes ${per(mostWritten.tally.itemWrites, paid)})`,
          value: per(mostWritten.tally.writeUnits, paid),
          unit: 'WCU',
          bar: '≤ 0.33',
          pass: mostWritten.tally.writeUnits / paid <= MAX_KEY_WRITE_UNITS_PER_ENTRY,
        }
      : {
          name: `${label}: most-written partition key ${mostWritten.key}: item writes per entry (write units ${per(mostWritten.tally.writeUnits, paid)}; on units the bar is at the surge pace)`,
          value: per(mostWritten.tally.itemWrites, paid),
          unit: 'writes',
          bar: '≤ 0.33',
          pass: mostWritten.tally.itemWrites / paid <= MAX_KEY_WRITE_UNITS_PER_ENTRY,
        },
    {
      name: `${label}: hottest partition key ${hottest.key} (first to bind): write units / read units per entry`,
      value: per(hottest.tally.writeUnits, paid),
      unit: `/ ${per(hottest.tally.readUnits, paid)}`,
    },
    {
      name: `${label}: … entry rate at which it reaches 1,000 WCU/s or 3,000 RCU/s`,
      value: round(hottest.bindsAt),
      unit: 'entries/s',
    },
    {
      name: `${label}: submit → ticket SMS p50 (counter on)`,
      value: round(percentile(run.toTicketMs, 50)),
      unit: 'ms',
    },
  ];
}

const tableWrites = (counts: RequestCounts) =>
  [...counts.byPartition].filter(([key]) => key.startsWith('table ')).reduce((sum, [, t]) => sum + t.itemWrites, 0);

/** The timed figures, counter off: sustained entries/s against DynamoDB Local's own transaction rate, submit → ticket. */
async function timed(baseUrl: string, smsUrl: string): Promise<BenchResult[]> {
  const code = await aBenchPromotionCode('all');
  const raw = await rawTransactionsPerSecond(TIMED.entries, TIMED.concurrency, TIMED.items);
  const run: SurgeRun = await surgeRun(baseUrl, smsUrl, [code], TIMED.entries, TIMED.perSecond);
  const sustained = run.paid / run.seconds;
  return [
    {
      name: `timed (counter off): ${TIMED.entries} players offered at ${TIMED.perSecond}/s on one promotion, paid entries/s sustained (${run.paid} paid, ${run.refused} refused)`,
      value: round(sustained),
      unit: 'entries/s',
    },
    {
      name: `timed: DynamoDB Local's own TransactWriteItems/s (${TIMED.items} items, ${TIMED.concurrency} in flight)`,
      value: round(raw),
      unit: 'tx/s',
    },
    { name: 'timed: sustained entries ÷ raw transactions', value: round(sustained / raw, 2), unit: '×' },
    { name: 'timed: submit → ticket SMS p50', value: round(percentile(run.toTicketMs, 50)), unit: 'ms' },
    { name: 'timed: submit → ticket SMS p95', value: round(percentile(run.toTicketMs, 95)), unit: 'ms' },
  ];
}
