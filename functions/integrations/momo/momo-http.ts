import { ProviderUnavailableError } from '../mobile-money';

/**
 * The one HTTP call to the MoMo API: a timeout, and the mapping of "we don't
 * know what happened" (network error, timeout, 5xx) to ProviderUnavailableError
 * (DESIGN section 8: the outcome is then learnt by a status query). Every
 * other answer goes back to the caller, which knows what a 401, 404 or 409
 * means for its endpoint. Messages name the method and path only: headers
 * carry the token and keys and are never repeated.
 */
export interface MomoResponse {
  status: number;
  body: unknown;
}

export async function momoFetch(url: string, init: RequestInit, timeoutMs: number): Promise<MomoResponse> {
  const what = `${init.method ?? 'GET'} ${new URL(url).pathname}`;
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    text = await response.text();
  } catch (error) {
    const timedOut = (error as { name?: string }).name === 'TimeoutError';
    throw new ProviderUnavailableError(
      timedOut ? `MTN MoMo did not answer ${what} within ${timeoutMs} ms` : `MTN MoMo could not be reached for ${what}`,
      error,
    );
  }
  const body = parseBody(text);
  if (response.status >= 500) {
    throw new ProviderUnavailableError(`MTN MoMo answered ${response.status} to ${what}`, body);
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
