import {
  ANNOUNCER_SELF,
  LOCAL_ONLY,
  PUBLIC,
  SELF,
  SIGNED_IN,
  type Access,
} from './access';

/**
 * THE routing table (DESIGN section 2): every HTTP route's method, path, domain
 * Lambda and access rule, declared once. Read by the CDK api stack (one
 * NodejsFunction per domain, one HTTP API route per entry), the local gateway,
 * each domain's handler (which must implement exactly its routes), the guard
 * matrix test and the web's API client.
 *
 * Paths use `:name` parameters (the Powertools router's syntax); CDK turns them
 * into `{name}`. Every path is under /api/v1 (DESIGN section 5).
 */
export const HTTP_DOMAINS = ['public', 'auth', 'admin', 'partner', 'announcer', 'webhooks', 'ussd'] as const;
export type HttpDomain = (typeof HTTP_DOMAINS)[number];
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteSpec {
  readonly method: HttpMethod;
  readonly path: string;
  readonly domain: HttpDomain;
  readonly access: Access;
}

const route = (method: HttpMethod, path: string, domain: HttpDomain, access: Access): RouteSpec => ({
  method,
  path,
  domain,
  access,
});

export const routes = {
  // ── public ────────────────────────────────────────────────────────────
  health: route('GET', '/api/v1/health', 'public', PUBLIC),

  // ── auth (DESIGN section 7, spec section 7 "Authentication") ──────────
  adminLogin: route('POST', '/api/v1/auth/admin/login', 'auth', PUBLIC),
  partnerLogin: route('POST', '/api/v1/auth/partner/login', 'auth', PUBLIC),
  announcerLogin: route('POST', '/api/v1/auth/announcer/login', 'auth', PUBLIC),
  me: route('GET', '/api/v1/auth/me', 'auth', SIGNED_IN),
  logout: route('POST', '/api/v1/:id/logout', 'auth', SELF),
  announcerLogout: route('POST', '/api/v1/:id/announcer/logout', 'auth', ANNOUNCER_SELF),

  // ── local stack only ──────────────────────────────────────────────────
  devSmsOutbox: route('GET', '/api/v1/dev/sms', 'public', LOCAL_ONLY),
} as const satisfies Record<string, RouteSpec>;

export type RouteName = keyof typeof routes;

export const allRoutes: ReadonlyArray<readonly [RouteName, RouteSpec]> = Object.entries(routes) as Array<
  [RouteName, RouteSpec]
>;

/** `/api/v1/admin/:id/x` + {id: 'u1'} → `/api/v1/admin/u1/x` (values URL-encoded). */
export function pathOf(spec: RouteSpec, params: Record<string, string> = {}): string {
  return spec.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${spec.path}`);
    return encodeURIComponent(value);
  });
}

/** Path parameter names of a route, in order. */
export function pathParamsOf(spec: RouteSpec): string[] {
  return [...spec.path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1] as string);
}

/** Routes deployed to AWS (local-only routes never are). */
export function deployedRoutes(): Array<readonly [RouteName, RouteSpec]> {
  return allRoutes.filter(([, spec]) => spec.access.kind !== 'local');
}
