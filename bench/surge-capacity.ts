import { PARTITION_LIMIT, SURGE_TARGET } from '@shared/capacity';
import { TIME_BUDGETS } from '@shared/time-budgets';
import { PAYMENT_PROVIDERS } from '@shared/payment-providers';
import { promptRules } from '../functions/platform/prompt-rules';
import type { RequestCounts, Tally } from '../infra/local/request-count';
import { routes, type RouteSpec } from '@shared/api/routes';
import { LAMBDA_CONCURRENCY_QUOTA, TABLE_WARM_THROUGHPUT, httpRouteThrottles } from '../infra/capacity';
import { DEFAULT_API_THROTTLE } from '../infra/stacks/api-stack';
import type { BenchResult } from './result';
import type { SurgeRun } from './surge-run';
import { round } from './stats';

/** One counted run: its load, what the players saw, what DynamoDB was asked, and each Lambda's invocations. */
export interface CountedFigures {
  readonly load: { entries: number; perSecond: number; promotions: number };
  readonly run: SurgeRun;
  readonly counts: RequestCounts;
  readonly durations: Map<string, { count: number; ms: number }>;
}

/** AWS's limits DESIGN section 10 sizes against (DynamoDB and Lambda defaults, as documented; the partition's in shared/capacity.ts). */
const NEW_ON_DEMAND_TABLE = { writeUnitsPerSecond: 4_000, readUnitsPerSecond: 12_000 };
/** DESIGN section 10's target on one promotion: no limit may bind below it. */
const TARGET_ONE_PROMOTION = SURGE_TARGET.entriesPerSecondPerPromotion;

/**
 * DESIGN section 10's capacity table, from the counted figures: for each
 * limit, the entry rate at which it binds. The partition from the run on
 * one promotion at the surge's pace (its hottest key, its batches full as
 * at any rate where the partition could bind); the table, Lambda and API from the run
 * over many (platform-wide costs per entry); the providers from their
 * configured prompt rates (one prompt per entry), taking the worst split: every
 * entry through the provider with the lower rate.
 */
export function capacityTable(one: CountedFigures, many: CountedFigures): BenchResult[] {
  const paid = many.run.paid;
  const hottest = hottestPartition(one.counts, one.run.paid);
  const warm = { ...NEW_ON_DEMAND_TABLE, ...TABLE_WARM_THROUGHPUT.table };
  const writeUnits = many.counts.total.writeUnits / paid;
  const readUnits = many.counts.total.readUnits / paid;
  const table = Math.min(warm.writeUnitsPerSecond / writeUnits, warm.readUnitsPerSecond / readUnits);
  // concurrency = rate × duration: each Lambda's invocations per entry times its mean duration in this run
  const concurrencySeconds = [...many.durations.values()].reduce(
    (sum, d) => sum + (d.count / paid) * (d.ms / d.count / 1000),
    0,
  );
  const api = apiThrottleBinding(many, paid);
  const perProvider = promptRules().perProvider;
  const rates = PAYMENT_PROVIDERS.map((p) => {
    const rule = perProvider[p];
    return { provider: p, perSecond: rule.limit / (rule.windowMs / 1000), shards: rule.shards };
  });
  const providerRate = Math.min(...rates.map((r) => r.perSecond));
  const rows: Array<[string, number, string]> = [
    [
      `DynamoDB partition (1,000 WCU/s, 3,000 RCU/s): hottest key of one promotion at the surge's pace, ${hottest.key}`,
      hottest.bindsAt,
      'one promotion',
    ],
    [
      `table throughput (warmThroughput ${warm.writeUnitsPerSecond} WCU/s, ${warm.readUnitsPerSecond} RCU/s): ${round(writeUnits, 1)} WCU + ${round(readUnits, 1)} RCU per entry`,
      table,
      'platform',
    ],
    [
      `Lambda concurrency (${LAMBDA_CONCURRENCY_QUOTA} per region, the quota README's deploy step 7 asks for): ${round(concurrencySeconds, 3)} s of invocations per entry`,
      LAMBDA_CONCURRENCY_QUOTA / concurrencySeconds,
      'platform',
    ],
    [
      `HTTP API throttle (route buckets of infra/capacity.ts, else ${DEFAULT_API_THROTTLE.rateLimit} rps a route): ${api.route}, ${round(api.perEntry, 2)} requests per entry`,
      api.bindsAt,
      'platform',
    ],
    [
      `provider rate (prompts a second per provider, configured: ${rates.map((r) => `${r.provider} ${round(r.perSecond)} over ${r.shards} shards`).join(', ')}; 1 prompt per entry, all through the lower)`,
      providerRate,
      'platform',
    ],
  ];
  return rows.map(([limit, bindsAt, scope]) => ({
    name: `capacity: ${limit} (${scope})`,
    value: round(bindsAt),
    unit: 'entries/s',
    bar: `≥ ${TARGET_ONE_PROMOTION}`,
    pass: bindsAt >= TARGET_ONE_PROMOTION,
  }));
}

/**
 * The HTTP API route bucket that binds first: each API Lambda's requests per
 * entry against its routes' throttle (infra/capacity.ts; a domain without
 * buckets of its own has the stage's per-route default). The public Lambda's
 * requests are the submit (one per entry) and the rest status reads.
 */
function apiThrottleBinding(many: CountedFigures, paid: number): { route: string; perEntry: number; bindsAt: number } {
  const bucket = new Map(httpRouteThrottles().map(([spec, throttle]) => [spec, throttle.rateLimit]));
  const rateOf = (spec: RouteSpec) => bucket.get(spec) ?? DEFAULT_API_THROTTLE.rateLimit;
  const domainRate = (domain: string) => {
    const specs = Object.values(routes).filter((spec) => spec.domain === domain);
    return Math.min(...specs.map(rateOf));
  };
  let worst = { route: '(none)', perEntry: 0, bindsAt: Infinity };
  const consider = (route: string, perEntry: number, rate: number) => {
    if (perEntry > 0 && rate / perEntry < worst.bindsAt) worst = { route, perEntry, bindsAt: rate / perEntry };
  };
  for (const [name, d] of many.durations) {
    if (!TIME_BUDGETS[name as keyof typeof TIME_BUDGETS]?.apiFacing) continue;
    const perEntry = d.count / paid;
    if (name === 'public') {
      consider('entry submit', Math.min(perEntry, 1), rateOf(routes.codeEntry));
      consider('entry status', Math.max(perEntry - 1, 0), rateOf(routes.entryStatus));
    } else consider(`${name} routes`, perEntry, domainRate(name));
  }
  return worst;
}

/**
 * The partition key written most per entry, in write units (transactional ×2): issue 32's bar is that none
 * takes more than MAX_KEY_WRITE_UNITS_PER_ENTRY, so DynamoDB's 1,000 WCU/s binds only at 3,000 entries/s.
 */
export function mostWrittenPartition(counts: RequestCounts): { key: string; tally: Tally } {
  let best = { key: '(none)', tally: { ...counts.total, writeUnits: 0, itemWrites: 0 } };
  for (const [key, tally] of counts.byPartition) if (tally.writeUnits > best.tally.writeUnits) best = { key, tally };
  return best;
}

/** The partition key that reaches DynamoDB's per-partition limit at the lowest entry rate. */
export function hottestPartition(counts: RequestCounts, paid: number): { key: string; tally: Tally; bindsAt: number } {
  let best = { key: '(none)', tally: counts.total, bindsAt: Infinity };
  for (const [key, tally] of counts.byPartition) {
    const load =
      Math.max(
        tally.writeUnits / PARTITION_LIMIT.writeUnitsPerSecond,
        tally.readUnits / PARTITION_LIMIT.readUnitsPerSecond,
      ) / Math.max(paid, 1);
    const bindsAt = load > 0 ? 1 / load : Infinity;
    if (bindsAt < best.bindsAt) best = { key, tally, bindsAt };
  }
  return best;
}
