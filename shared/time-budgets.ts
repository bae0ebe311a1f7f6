/**
 * Every Lambda's time budget, in one place (DESIGN section 8, "Time
 * budgets": a Lambda's timeout must exceed the sum of the calls it makes).
 * The CDK gives each function `timeoutSeconds` (infra/constructs/domain-function.ts);
 * each invocation runs inside `providerMs` (functions/integrations/provider-http.ts
 * cuts every provider and SMS call short when the invocation's provider time
 * is spent), so no chain of calls — token, request, a refreshed token and the
 * request again, retries — can outlive the function. test/infra/time-budgets.test.ts
 * checks the sums.
 */

/** API Gateway and the USSD gateways give an answer about this long (DESIGN sections 1 and 8). */
export const GATEWAY_LIMIT_MS = 10_000;

export interface TimeBudget {
  /** The Lambda's timeout, in whole seconds (Lambda's unit). */
  readonly timeoutSeconds: number;
  /** All the provider (mobile-money and SMS) calls of one invocation end within this; 0: it makes none. */
  readonly providerMs: number;
  /** Answers a gateway (the HTTP API, USSD gateways through it): everything fits in GATEWAY_LIMIT_MS. */
  readonly apiFacing: boolean;
}

/**
 * The payment prompt (functions/prompts/): a provider that fails for a
 * reason that may pass (5xx, timeout) is asked again after each backoff,
 * at most PROMPT_ATTEMPTS times in all, each attempt (token + request, and
 * both again after a 401) within PROMPT_ATTEMPT_MS.
 */
export const PROMPT_ATTEMPTS = 3;
export const PROMPT_ATTEMPT_MS = 6_000;
export const PROMPT_BACKOFF_MS: readonly number[] = [500, 1_500];

/** What a prompt costs at worst: every attempt runs out its time, with the backoffs between. */
export const PROMPT_PROVIDER_MS = PROMPT_ATTEMPTS * PROMPT_ATTEMPT_MS + PROMPT_BACKOFF_MS.reduce((a, b) => a + b, 0);

/** Room an invocation keeps for its own work (table reads and writes) beyond its provider calls. */
export const OWN_WORK_MS = 2_000;

/** API-facing functions: answered within the gateway's time with a second to spare. */
const API = { timeoutSeconds: 9, apiFacing: true } as const;
/** …and those of them that call providers: everything the timeout leaves after their own work. */
const API_PROVIDER_MS = API.timeoutSeconds * 1000 - OWN_WORK_MS;

export const TIME_BUDGETS = {
  // no provider call in the request path: entries are answered at once, the prompt goes out beside (DESIGN section 8)
  public: { ...API, providerMs: 0 },
  ussd: { ...API, providerMs: 0 },
  auth: { ...API, providerMs: 0 },
  partner: { ...API, providerMs: 0 },
  // a callback's status query (token + GET, again after a 401) and the ticket SMS of the entry it settles
  webhooks: { ...API, providerMs: API_PROVIDER_MS },
  // a payout's transfer; a draw's winner SMS
  admin: { ...API, providerMs: API_PROVIDER_MS },
  announcer: { ...API, providerMs: API_PROVIDER_MS },
  ws: { timeoutSeconds: 10, providerMs: 0, apiFacing: false },
  stream: { timeoutSeconds: 30, providerMs: 0, apiFacing: false },
  prompts: { timeoutSeconds: 30, providerMs: PROMPT_PROVIDER_MS, apiFacing: false },
  // reconciliation, payouts and SMS retries: whatever the run has not reached when its time is spent, the next run does
  jobs: { timeoutSeconds: 60, providerMs: 45_000, apiFacing: false },
} as const satisfies Record<string, TimeBudget>;

export type BudgetedFunction = keyof typeof TIME_BUDGETS;
