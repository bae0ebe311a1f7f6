import { adminAccountRoutes } from './routes/admin-accounts';
import { adminNotificationRoutes } from './routes/admin-notifications';
import { adminPredictionRoutes, adminTaxAnalyticsRoutes } from './routes/admin-predictions';
import { adminPlayerRoutes } from './routes/admin-players';
import { adminReportRoutes } from './routes/admin-reports';
import { adminStaffRoutes } from './routes/admin-staff';
import { adminCatalogRoutes } from './routes/admin-catalog';
import { authRoutes } from './routes/auth';
import { callbackRoutes } from './routes/callbacks';
import { myTicketsRoutes } from './routes/my-tickets';
import { drawRoutes } from './routes/draws';
import { onAirRoutes } from './routes/on-air';
import { payoutRoutes } from './routes/payouts';
import { playRoutes } from './routes/play';
import { regulatorRoutes } from './routes/regulator';
import { siteContentRoutes } from './routes/site-content';
import { platformRoutes } from './routes/platform';
import { statementRoutes } from './routes/statements';
import { supportRoutes } from './routes/support';
import { ussdRoutes } from './routes/ussd';
import type { HttpDomain, RouteSpec } from './route-spec';

export {
  HTTP_DOMAINS,
  pathOf,
  pathParamsOf,
  type HttpDomain,
  type RouteSpec,
} from './route-spec';

/**
 * THE routing table (DESIGN section 2): every HTTP route's method, path,
 * domain Lambda, access rule and contract, declared once: what it takes in
 * endpoints/<area>.ts, what it answers in routes/<area>.ts. Read by the CDK
 * api stack (one NodejsFunction per domain, one HTTP API route per entry),
 * the local gateway, the route↔handler and guard matrix tests and the web's
 * client; each domain's handler reads only its own endpoints (its Lambda
 * bundles no answer schema), typed by this table.
 *
 * Paths use `:name` parameters (the Powertools router's syntax); CDK turns
 * them into `{name}`. Every path is under /api/v1 (DESIGN section 5).
 */
export const routes = {
  ...platformRoutes,
  ...authRoutes,
  ...playRoutes,
  ...myTicketsRoutes,
  ...adminCatalogRoutes,
  ...adminStaffRoutes,
  ...adminPredictionRoutes,
  ...adminTaxAnalyticsRoutes,
  ...adminNotificationRoutes,
  ...adminReportRoutes,
  ...adminPlayerRoutes,
  ...adminAccountRoutes,
  ...drawRoutes,
  ...onAirRoutes,
  ...payoutRoutes,
  ...statementRoutes,
  ...supportRoutes,
  ...regulatorRoutes,
  ...siteContentRoutes,
  ...callbackRoutes,
  ...ussdRoutes,
} as const satisfies Record<string, RouteSpec>;

export type RouteName = keyof typeof routes;
/** The routing table's type: each route's spec, with its contract. */
export type Routes = typeof routes;
/** The names of one domain's routes. */
export type RouteNameOf<D extends HttpDomain> = {
  [N in RouteName]: Routes[N]['domain'] extends D ? N : never;
}[RouteName];

export const allRoutes: ReadonlyArray<readonly [RouteName, RouteSpec]> = Object.entries(routes) as Array<
  [RouteName, RouteSpec]
>;

/** Routes deployed to AWS (local-only routes never are). */
export function deployedRoutes(): Array<readonly [RouteName, RouteSpec]> {
  return allRoutes.filter(([, spec]) => spec.access.kind !== 'local');
}
