import { ProviderUnavailableError } from './mobile-money';

/**
 * The one HTTP call to a mobile-money provider: a timeout, and the mapping of
 * "we don't know what happened" (network error, timeout, 5xx) to
 * ProviderUnavailableError (DESIGN section 8: the outcome is then learnt by a
 * status query). Every other answer goes back to the caller, which knows what
 * a 401, 404, 409 or 417 means for its endpoint. Messages name the provider,
 * method and path only: headers carry tokens and keys and are never repeated.
 */
export interface ProviderResponse {
  status: number;
  body: unknown;
}

export async function providerFetch(provider: string, url: string, init: RequestInit, timeoutMs: number): Promise<ProviderResponse> {
  const what = `${init.method ?? 'GET'} ${new URL(url).pathname}`;
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    text = await response.text();
  } catch (error) {
    const timedOut = (error as { name?: string }).name === 'TimeoutError';
    throw new ProviderUnavailableError(
      timedOut ? `${provider} did not answer ${what} within ${timeoutMs} ms` : `${provider} could not be reached for ${what}`,
      error,
    );
  }
  const body = parseBody(text);
  if (response.status >= 500) {
    throw new ProviderUnavailableError(`${provider} answered ${response.status} to ${what}`, body);
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
