/**
 * The web's one HTTP client. Same-origin JSON calls with the session cookie;
 * every state-changing call carries `X-Requested-With` (DESIGN section 7,
 * CSRF). Failures become an `ApiError` holding the server's `{error}` text when
 * it sent one (DESIGN section 5), so each screen only picks its fallback text.
 * Routes of the routing table are called through `callRoute` (lib/api-routes.ts).
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

// fields declared, set in the constructor: a class field costs the home page the bundler's defineProperty helper
export class ApiError extends Error {
  /** HTTP status, or 0 when no response arrived (offline, DNS, aborted). */
  declare readonly status: number;
  /** The server's `{error}` text, when the response carried one. */
  declare readonly serverMessage: string | null;
  /** The whole answer's body, when JSON (a refused payment lists its payouts there). */
  declare readonly payload: unknown;

  constructor(status: number, serverMessage: string | null, payload: unknown = null) {
    super(serverMessage ?? (status === 0 ? 'Network request failed' : `HTTP ${status}`));
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.payload = payload;
  }
}

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, e.g. the `Idempotency-Key` of a money-moving call (DESIGN section 5). */
  headers?: Record<string, string>;
}

const SAFE_METHODS: ReadonlySet<Method> = new Set(['GET']);

export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (!SAFE_METHODS.has(method)) headers['X-Requested-With'] = 'XMLHttpRequest';
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, null);
  }

  const payload = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, errorTextOf(payload), payload);
  return payload as T;
}

export const apiGet = <T>(path: string, signal?: AbortSignal) => apiRequest<T>('GET', path, { signal });
export const apiPost = <T>(path: string, body: unknown, signal?: AbortSignal) =>
  apiRequest<T>('POST', path, { body, signal });

/** The server's message if there is one, else the screen's fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function errorTextOf(payload: unknown): string | null {
  if (payload && typeof payload === 'object' && 'error' in payload) {
    const { error } = payload as { error: unknown };
    if (typeof error === 'string' && error.trim()) return error;
  }
  return null;
}
