/**
 * Calls a route of the routing table (shared/api/routes.ts): method and path
 * come from `routes.*`, so the web and the server cannot drift. Kept apart
 * from api-client.ts so the public pages, which call no table route yet, do
 * not ship the table.
 */
import { pathOf, type RouteSpec } from '@shared/api/routes';
import { apiRequest, type RequestOptions } from './api-client';

export function callRoute<T>(
  spec: RouteSpec,
  params: Record<string, string> = {},
  options: RequestOptions = {},
): Promise<T> {
  return apiRequest<T>(spec.method, pathOf(spec, params), options);
}
