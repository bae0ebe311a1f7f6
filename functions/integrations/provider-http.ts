import type { MetricProvider } from '@shared/metrics';
import { callTimeoutMs } from '../platform/call-time';
import { recordMetrics } from '../platform/metrics';
// loads the Tracer in Lambda, which instruments fetch: each provider call is an X-Ray subsegment
import '../platform/tracing';
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

/**
 * Each call is counted, and each without a usable answer counted as an
 * error (shared/metrics.ts: the provider error-rate alarm). The call itself
 * is an X-Ray subsegment in Lambda: the Tracer instruments fetch
 * (functions/platform/tracing.ts).
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
