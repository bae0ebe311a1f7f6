import type { MetricProvider } from '@shared/metrics';
import { recordMetrics } from '../lib/metrics';
// loads the Tracer in Lambda, which instruments fetch: each provider call is an X-Ray subsegment
import '../lib/tracing';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context } from 'aws-lambda';
import { FINISH_MARGIN_MS, type TimeBudget } from '@shared/time-budgets';
import { ProviderUnavailableError } from './mobile-money';

/** The providers' display names (what messages say) and their `provider` metric dimension. */
const METRIC_PROVIDER: Readonly<Record<string, MetricProvider>> = { 'MTN MoMo': 'mtn', 'Orange Money': 'orange' };

/**
 * The one HTTP call to a mobile-money provider: a timeout, and the mapping of
 * "we don't know what happened" (network error, timeout, 5xx) to
 * ProviderUnavailableError (DESIGN section 8: the outcome is then learnt by a
 * status query; a 429 too). Every other answer goes back to the caller, which knows what
 * a 401, 404, 409 or 417 means for its endpoint. Messages name the provider,
 * method and path only: headers carry tokens and keys and are never repeated.
 */
export interface ProviderResponse {
  status: number;
  body: unknown;
}

/** When the current invocation's provider time ends (epoch ms); none outside a budget. */
const deadlines = new AsyncLocalStorage<number>();

/**
 * Run `work` with at most `ms` of provider time: every provider or SMS call
 * inside it is cut short at the deadline (DESIGN section 8, "Time budgets";
 * each function's time is named in shared/time-budgets.ts). Nested budgets:
 * the earlier deadline wins.
 */
export function withProviderTime<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const outer = deadlines.getStore();
  return deadlines.run(Math.min(Date.now() + ms, outer ?? Infinity), work);
}

/**
 * Run one invocation of a function within its budget (shared/time-budgets.ts):
 * a function that may call no provider sends nothing; the others' calls end
 * FINISH_MARGIN_MS before the Lambda's own end (its context's remaining
 * time), however long the work before them took.
 */
export function withInvocationTime<T>(
  budget: TimeBudget,
  context: Context | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (!budget.callsProviders) return withProviderTime(0, work);
  const remaining = context?.getRemainingTimeInMillis?.();
  return remaining === undefined ? work() : withProviderTime(Math.max(0, remaining - FINISH_MARGIN_MS), work);
}

/** A call's timeout: its own cap, cut to the time the invocation has left (0 when none is left). */
export function callTimeoutMs(capMs: number): number {
  const deadline = deadlines.getStore();
  return deadline === undefined ? capMs : Math.max(0, Math.min(capMs, deadline - Date.now()));
}

/**
 * Each call is counted, and each without a usable answer counted as an
 * error (shared/metrics.ts: the provider error-rate alarm). The call itself
 * is an X-Ray subsegment in Lambda: the Tracer instruments fetch
 * (functions/lib/tracing.ts).
 */
export async function providerFetch(
  provider: string,
  url: string,
  init: RequestInit,
  capMs: number,
): Promise<ProviderResponse> {
  let failed = true;
  try {
    const response = await fetchOnce(provider, url, init, capMs);
    failed = false;
    return response;
  } finally {
    const breakdown = { provider: METRIC_PROVIDER[provider] ?? provider };
    recordMetrics({ providerCalls: 1, providerErrors: failed ? 1 : 0 }, breakdown);
  }
}

async function fetchOnce(provider: string, url: string, init: RequestInit, capMs: number): Promise<ProviderResponse> {
  const what = `${init.method ?? 'GET'} ${new URL(url).pathname}`;
  const timeoutMs = callTimeoutMs(capMs);
  // nothing sent: the outcome is known (no request), but callers treat it as any unreachable provider
  if (timeoutMs === 0) throw new ProviderUnavailableError(`${provider}: no time left in this invocation for ${what}`);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    text = await response.text();
  } catch (error) {
    const timedOut = (error as { name?: string }).name === 'TimeoutError';
    throw new ProviderUnavailableError(
      timedOut
        ? `${provider} did not answer ${what} within ${timeoutMs} ms`
        : `${provider} could not be reached for ${what}`,
      error,
    );
  }
  const body = parseBody(text);
  if (response.status >= 500) {
    throw new ProviderUnavailableError(`${provider} answered ${response.status} to ${what}`, body);
  }
  // 429 under load (DESIGN section 8): nothing decided, ask again later, after at least its Retry-After
  if (response.status === 429) {
    const retryAfter = response.headers.get('retry-after');
    throw new ProviderUnavailableError(
      `${provider} answered 429 to ${what}${retryAfter ? ` (Retry-After ${retryAfter})` : ''}`,
      body,
    );
  }
  return { status: response.status, body };
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
