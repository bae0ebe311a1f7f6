import { adminAccountRoutes } from './routes/admin-accounts';
import { adminNotificationRoutes } from './routes/admin-notifications';
import { adminPredictionRoutes, adminTaxAnalyticsRoutes } from './routes/admin-predictions';
import { adminPlayerRoutes } from './routes/admin-players';
import { adminReportRoutes } from './routes/admin-reports';
import { adminStaffRoutes } from './routes/admin-staff';
import { adminCatalogRoutes } from './routes/admin-catalog';
import { authRoutes } from './routes/auth';
import { drawRoutes } from './routes/draws';
import { payoutRoutes } from './routes/payouts';
import { playRoutes } from './routes/play';
import { platformRoutes } from './routes/platform';
import type { RouteSpec } from './route-spec';

export { HTTP_DOMAINS, route, type HttpDomain, type HttpMethod, type RouteSpec } from './route-spec';

/**
 * THE routing table (DESIGN section 2): every HTTP route's method, path,
 * domain Lambda and access rule, declared once, one file per area under
 * routes/. Read by the CDK api stack (one NodejsFunction per domain, one HTTP
 * API route per entry), the local gateway, each domain's handler (which must
 * implement exactly its routes), the guard matrix test and the web's client.
 *
 * Paths use `:name` parameters (the Powertools router's syntax); CDK turns
 * them into `{name}`. Every path is under /api/v1 (DESIGN section 5).
 */
export const routes = {
  ...platformRoutes,
  ...authRoutes,
  ...playRoutes,
  ...adminCatalogRoutes,
  ...adminStaffRoutes,
  ...adminPredictionRoutes,
  ...adminTaxAnalyticsRoutes,
  ...adminNotificationRoutes,
  ...adminReportRoutes,
  ...adminPlayerRoutes,
  ...adminAccountRoutes,
  ...drawRoutes,
  ...payoutRoutes,
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
