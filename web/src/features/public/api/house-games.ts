import type { playRoutes } from '@shared/api/routes/play';
import type { ResponseOut } from '@shared/api/route-spec';
import { apiGet } from '@web/lib/api-client';
import { apiPaths } from '@web/lib/api-paths';

export type { PublicHouseGame, PublicHouseGames } from '@shared/api/schemas/play';

/**
 * Typed from the route's schema (type-only import) and not parsed at
 * runtime: the home page's JavaScript budget (90 KB gzipped, DESIGN
 * section 9) has no room for zod or the routing table.
 */
export const fetchHouseGames = (signal?: AbortSignal) =>
  apiGet<ResponseOut<typeof playRoutes.publicHouseGames>>(apiPaths.publicHouseGames, signal);
