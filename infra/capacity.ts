import { houseGameRoutes } from '@shared/api/endpoints/play';
import { deployedRoutes, type HttpDomain, type RouteName, type RouteSpec } from '@shared/api/routes';
import { HEADROOM, SURGE_TARGET } from '@shared/capacity';
import { HOUSE_GAMES } from '@shared/games';
import { PAYMENT_PROVIDERS, type PaymentProvider } from '@shared/payment-providers';
import { PROMPT_LIMITS, PROVIDER_RATE } from '../functions/platform/prompt-rules';

/**
 * AWS sized for the on-air surge (DESIGN section 10): every AWS limit below is
 * computed from the targets (shared/capacity.ts, which also sizes the table's
 * key shards) and the per-entry figures here, so a changed figure moves every
 * limit that depends on it and the surge bench (bench/surge*.ts) prints the
 * rate at which each one binds.
 *
 * What one paid entry may cost, by channel and kind of request: the budget of
 * issue 32 (≤ 15 write units per paid entry, transactional writes counted
 * double; ≤ 3 requests per web entry, the page pushed over the WebSocket) and
 * the USSD dialogue's length (menu, game, amount, confirm). The bench counts
 * the real figures against these.
 */
export const PER_ENTRY = {
  writeUnits: 15,
  /** Below DynamoDB's default table quota (40,000 read units a second) at the target with headroom. */
  readUnits: 20,
  /** submit + at most two status reads (the page follows its entry over the WebSocket, DESIGN section 6). */
  webRequests: 3,
  ussdRequests: 4,
  /** The provider's callback (MTN) or notification (Orange), and one repeat: providers call back more than once. */
  callbacks: 2,
} as const;

const atTarget = (perEntry: number): number => Math.ceil(SURGE_TARGET.entriesPerSecond * perEntry * HEADROOM);

/**
 * Pre-warmed table throughput (DynamoDB `warmThroughput`): a new on-demand
 * table serves 4,000 write units a second until it has been warmed by use, which
 * the first national promotion would hit at ~270 entries/s of 15 write units.
 * The indexes take the entry's pending-index and ticket-index writes (at most
 * one each per entry and settlement), so a third of the table's.
 */
export const TABLE_WARM_THROUGHPUT = {
  table: { writeUnitsPerSecond: atTarget(PER_ENTRY.writeUnits), readUnitsPerSecond: atTarget(PER_ENTRY.readUnits) },
  index: {
    writeUnitsPerSecond: Math.ceil(atTarget(PER_ENTRY.writeUnits) / 3),
    readUnitsPerSecond: Math.ceil(atTarget(PER_ENTRY.readUnits) / 3),
  },
} as const;

export interface RouteThrottle {
  readonly rateLimit: number;
  readonly burstLimit: number;
}

const throttleFor = (requestsPerEntry: number): RouteThrottle => {
  const rateLimit = atTarget(requestsPerEntry);
  return { rateLimit, burstLimit: 2 * rateLimit };
};

/**
 * Per-route throttles of the HTTP API (DESIGN section 10): each route below
 * gets its own bucket sized from the target, so the providers' callbacks and
 * the USSD gateways' requests — never retried by MTN, and a USSD session dies
 * in seconds — are never refused because players' pages used the stage's
 * rate. Every other route keeps the stage-wide default. Route-level limits are
 * targets under the account's own regional limit, whose increase README's
 * deploy steps ask for.
 */
export function httpRouteThrottles(): Array<readonly [RouteSpec, RouteThrottle]> {
  const byDomain: Partial<Record<HttpDomain, RouteThrottle>> = {
    webhooks: throttleFor(PER_ENTRY.callbacks),
    ussd: throttleFor(PER_ENTRY.ussdRequests),
  };
  const entrySubmits: readonly RouteName[] = [...HOUSE_GAMES.map((kind) => houseGameRoutes[kind].entry), 'codeEntry'];
  const byRoute: Partial<Record<RouteName, RouteThrottle>> = {
    ...Object.fromEntries(entrySubmits.map((name) => [name, throttleFor(1)])),
    entryStatus: throttleFor(PER_ENTRY.webRequests - 1),
  };
  return deployedRoutes().flatMap(([name, spec]) => {
    const throttle = byRoute[name] ?? byDomain[spec.domain];
    return throttle ? [[spec, throttle] as const] : [];
  });
}

/**
 * Typical busy time of one request in seconds, for the Lambdas whose
 * concurrency is reserved: a callback asks the provider for the status and
 * settles (about half a second with the provider's answer); a USSD screen
 * reads and writes a few items.
 */
const BUSY_SECONDS = { webhooks: 0.5, ussd: 0.15 } as const;

/** The Lambda concurrency quota README's deploy step 7 asks for before the first national promotion. */
export const LAMBDA_CONCURRENCY_QUOTA = 5_000;

/**
 * Reserved concurrency (DESIGN section 10): callbacks and USSD keep their
 * share of the account's Lambda concurrency however busy the pages are.
 * Concurrency = requests a second × busy seconds, at the target with headroom.
 * A new account's concurrency quota (as low as 10) cannot reserve this: README's
 * deploy steps ask for the increase first, and `-c reservedConcurrency=off`
 * deploys without reservations until it is granted.
 */
export const RESERVED_CONCURRENCY = {
  webhooks: Math.ceil(atTarget(PER_ENTRY.callbacks) * BUSY_SECONDS.webhooks),
  ussd: Math.ceil(atTarget(PER_ENTRY.ussdRequests) * BUSY_SECONDS.ussd),
} as const satisfies Partial<Record<HttpDomain, number>>;

/** The HTTP domains whose Lambdas start entries, each taking a payment prompt under its provider's rate. */
export const PROMPTING_DOMAINS: readonly HttpDomain[] = ['public', 'ussd'];

/**
 * Each provider's payment prompts a second (DESIGN section 10, "providers"),
 * as the environment of the Lambdas that start entries: the rate the
 * provider's contract names when the deploy gives it (`-c
 * promptsPerSecondMtn=…`, `-c promptsPerSecondOrange=…`), else the
 * functions' default, which carries SURGE_TARGET.entriesPerSecond through
 * either provider alone with the headroom above
 * (functions/platform/prompt-rules.ts; test/unit/prompt-rules.test.ts holds
 * it to the target).
 */
export function promptRateEnvironment(
  contracted: Partial<Record<PaymentProvider, number>> = {},
): Record<string, string> {
  return Object.fromEntries(
    PAYMENT_PROVIDERS.map((provider) => {
      const setting = PROVIDER_RATE[provider];
      const rate = contracted[provider] ?? PROMPT_LIMITS[setting];
      if (!Number.isSafeInteger(rate) || rate <= 0)
        throw new Error(`${provider}'s prompts a second must be a whole number above zero, not ${rate}`);
      return [setting, String(rate)];
    }),
  );
}
