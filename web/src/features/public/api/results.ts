import type { drawRoutes } from '@shared/api/routes/draws';
import type { ResponseOut } from '@shared/api/route-spec';
import { apiGet } from '@web/lib/api-client';
import { apiPaths } from '@web/lib/api-paths';

export type { PublicResult } from '@shared/api/schemas/draws';

/**
 * The past results page's one read (its own module: the home page's bundle
 * does not carry it). Typed from the route's schema (type-only import) and
 * not parsed at runtime: the public pages stay free of zod and the routing
 * table (the home page's 90 KB budget, DESIGN section 9).
 */
export const fetchResults = (signal?: AbortSignal) =>
  apiGet<ResponseOut<typeof drawRoutes.publicResults>>(apiPaths.publicResults, signal);
