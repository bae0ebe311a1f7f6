import type { drawRoutes } from '@shared/api/routes/draws';
import type { ResponseOut } from '@shared/api/route-spec';
import { apiGet } from '@web/lib/api-client';
import { apiPaths } from '@web/lib/api-paths';

/** GET /api/v1/public/winners: recent winners (numbers masked) and the real totals. */
export type PublicWinners = ResponseOut<typeof drawRoutes.publicWinners>;

/**
 * Typed from the route's schema (type-only import) and not parsed at
 * runtime: the public pages stay free of zod and the routing table (the home
 * page's 90 KB budget, DESIGN section 9).
 */
export const fetchPublicWinners = (signal?: AbortSignal) => apiGet<PublicWinners>(apiPaths.publicWinners, signal);
