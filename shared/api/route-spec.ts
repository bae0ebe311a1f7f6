import type { Access } from './access';

export const HTTP_DOMAINS = [
  'public',
  'auth',
  'admin',
  'reports',
  'players',
  'accounts',
  'partner',
  'announcer',
  'webhooks',
  'ussd',
] as const;
export type HttpDomain = (typeof HTTP_DOMAINS)[number];
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One HTTP route: method, path (`:param` segments, under /api/v1), domain Lambda, access rule. */
export interface RouteSpec {
  readonly method: HttpMethod;
  readonly path: string;
  readonly domain: HttpDomain;
  readonly access: Access;
}

export const route = (method: HttpMethod, path: string, domain: HttpDomain, access: Access): RouteSpec => ({
  method,
  path,
  domain,
  access,
});
