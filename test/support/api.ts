import { stackBaseUrl } from './stack-target';
import { allRoutes, pathOf, type RouteSpec } from '@shared/api/routes';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

/**
 * A browser-like HTTP client for the local gateway: keeps the session cookie
 * it is given (as a browser would for localhost) and sends the CSRF header on
 * writes unless told not to.
 */
export class ApiClient {
  private cookie: string | undefined;
  /** The device cookie a browser keeps across sign-ins (DESIGN section 7: a known device). */
  deviceCookie: string | undefined;
  /** A player's web My tickets session cookie. */
  ticketsCookie: string | undefined;

  /** `baseUrl`: the test run's stack unless a test starts its own. */
  constructor(readonly baseUrl: string = stackBaseUrl()) {}

  get sessionCookie(): string | undefined {
    return this.cookie;
  }

  set sessionCookie(value: string | undefined) {
    this.cookie = value;
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    options: { csrf?: boolean; headers?: Record<string, string>; rawBody?: string } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.csrf !== false && method !== 'GET') headers['x-requested-with'] = 'XMLHttpRequest';
    const cookies = [this.cookie, this.deviceCookie, this.ticketsCookie].filter((c): c is string => c !== undefined);
    if (cookies.length > 0) headers.cookie = cookies.join('; ');
    let payload: string | undefined = options.rawBody;
    if (payload === undefined && body !== undefined && method !== 'GET' && method !== 'HEAD') {
      payload = JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body: payload });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      if (pair?.startsWith('__Host-session=')) this.cookie = pair.endsWith('=') ? undefined : pair;
      if (pair?.startsWith('__Host-device=')) this.deviceCookie = pair;
      if (pair?.startsWith('__Host-tickets=')) this.ticketsCookie = pair.endsWith('=') ? undefined : pair;
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    const broken = response.ok ? contractBreach(method, path, parsed) : undefined;
    if (broken) throw new Error(broken);
    return { status: response.status, body: parsed as T, headers: response.headers, text };
  }

  call<T = any>(
    spec: RouteSpec,
    params: Record<string, string> = {},
    body?: unknown,
    options?: Parameters<ApiClient['request']>[3],
  ) {
    return this.request<T>(spec.method, pathOf(spec, params), body, options);
  }
}

/** Each routing-table route with a response schema, as a matcher of its method and concrete path. */
const CONTRACTS = allRoutes.flatMap(([name, spec]) =>
  spec.response ? [{ name, spec, pattern: new RegExp(`^${spec.path.replace(/:[A-Za-z_]\w*/g, '[^/]+')}$`) }] : [],
);

/**
 * A 2xx answer outside its route's response schema, described; undefined when it fits (or the route
 * names none). The web's callRoute refuses such an answer, so every test's call checks it here,
 * against the real server (the contract: shared/api/route-spec.ts).
 */
function contractBreach(method: string, path: string, body: unknown): string | undefined {
  const bare = path.split('?')[0]!;
  const matching = CONTRACTS.filter(({ spec, pattern }) => spec.method === method && pattern.test(bare));
  if (matching.length === 0) return undefined;
  const problems = matching.map(({ name, spec }) => {
    const parsed = spec.response!.safeParse(body);
    return parsed.success ? undefined : `${name}: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`;
  });
  return problems.some((problem) => problem === undefined)
    ? undefined
    : `${method} ${bare} answered outside its route's response schema: ${problems.join('; ')}`;
}
