/**
 * Every Lambda's time budget, in one place (DESIGN section 8, "Time
 * budgets": a Lambda's timeout must exceed the sum of the calls it makes).
 * The CDK gives each function `timeoutSeconds` (infra/constructs/domain-function.ts).
 * At run time each invocation's provider and SMS calls are cut to end
 * FINISH_MARGIN_MS before the function's own end, and a function that may
 * make none can send none (functions/integrations/provider-http.ts), so no
 * chain of calls — token, request, a refreshed token and the request again,
 * retries — can outlive the function. test/infra/stacks.test.ts checks the sums.
 */

/** API Gateway and the USSD gateways give an answer about this long (DESIGN sections 1 and 8). */
export const GATEWAY_LIMIT_MS = 10_000;

/** Kept after the last provider call of an invocation for the writes that record its outcome. */
export const FINISH_MARGIN_MS = 1_000;

export interface TimeBudget {
  /** The Lambda's timeout, in whole seconds (Lambda's unit). */
  readonly timeoutSeconds: number;
  /** Whether it may call a mobile-money provider or the SMS gateway at all. */
  readonly callsProviders: boolean;
  /** Answers a gateway (the HTTP API, USSD gateways through it): everything fits in GATEWAY_LIMIT_MS. */
  readonly apiFacing: boolean;
}

/**
 * The payment prompt (functions/modules/entries/payment-prompt.ts): a provider that
 * fails for a reason that may pass (5xx, timeout) is asked again after each
 * backoff, at most PROMPT_ATTEMPTS times in all, each attempt (token +
 * request, and both again after a 401) cut to PROMPT_ATTEMPT_MS.
 */
export const PROMPT_ATTEMPTS = 3;
export const PROMPT_ATTEMPT_MS = 6_000;
export const PROMPT_BACKOFF_MS: readonly number[] = [500, 1_500];

/** What one prompt costs at worst: every attempt runs out its time, with the backoffs between. */
export const PROMPT_WORST_MS = PROMPT_ATTEMPTS * PROMPT_ATTEMPT_MS + PROMPT_BACKOFF_MS.reduce((a, b) => a + b, 0);

/** API-facing functions: answered within the gateway's time with a second to spare. */
const API = { timeoutSeconds: 9, apiFacing: true } as const;

export const TIME_BUDGETS = {
  // no provider call in the answer to an entry: the prompt goes out beside it (DESIGN section 8)
  public: { ...API, callsProviders: false },
  ussd: { ...API, callsProviders: false },
  auth: { ...API, callsProviders: false },
  partner: { ...API, callsProviders: false },
  // a callback's status query and the ticket SMS of the entries it settles
  webhooks: { ...API, callsProviders: true },
  admin: { ...API, callsProviders: false },
  // a balance payout's transfer
  payouts: { ...API, callsProviders: true },
  // a draw's winner SMS; a cleared draw's refund transfers and SMS
  draws: { ...API, callsProviders: true },
  announcer: { ...API, callsProviders: true },
  reports: { ...API, callsProviders: false },
  players: { ...API, callsProviders: false },
  // the support desk asks a provider for a payment's status and sends a refund
  support: { ...API, callsProviders: true },
  accounts: { ...API, callsProviders: false },
  ws: { timeoutSeconds: 10, callsProviders: false, apiFacing: false },
  // live updates, and the settlement of the entries its records confirm, with their ticket SMS
  stream: { timeoutSeconds: 30, callsProviders: true, apiFacing: false },
  // a batch's prompts go out together, each at worst PROMPT_WORST_MS
  prompts: { timeoutSeconds: 30, callsProviders: true, apiFacing: false },
  // reconciliation, payouts and SMS retries: what a run has not reached when its time is up, the next run does
  jobs: { timeoutSeconds: 60, callsProviders: true, apiFacing: false },
} as const satisfies Record<string, TimeBudget>;
