/**
 * The entry form's calls. Their answers are typed from the routes' response
 * schemas by type-only imports, and not parsed at runtime: the home page's
 * JavaScript budget (90 KB gzipped, DESIGN section 9) has no room for zod or
 * the routing table, so these pages keep the zod-free `apiPaths`.
 */
import type { playRoutes } from '@shared/api/routes/play';
import type { ResponseOut } from '@shared/api/route-spec';
import { ApiError, apiGet, apiPost } from '@web/lib/api-client';
import { apiPaths } from '@web/lib/api-paths';
import type { HouseGameSlug } from '@shared/games';
import type { EntryRequest } from '@web/lib/public-api-types';
import { games } from '../games';

type EntryOptions = ResponseOut<typeof playRoutes.dailyDrawEntryOptions>;
type EntryAccepted = ResponseOut<typeof playRoutes.dailyDrawEntry>;
/** The entry's status: GET /api/v1/entries/:id's answer, and what its live topic `entry/:id` sends. */
export type EntryStatus = ResponseOut<typeof playRoutes.entryStatus>;

export const fetchDefaultAmounts = (game: HouseGameSlug, signal?: AbortSignal) =>
  apiGet<EntryOptions>(games[game].entryPath, signal);

export const submitEntry = (game: HouseGameSlug, request: EntryRequest) =>
  apiPost<EntryAccepted>(games[game].entryPath, request);

export const fetchEntryStatus = (entryId: string, signal?: AbortSignal) =>
  apiGet<EntryStatus>(apiPaths.entry(entryId), signal);

/** The browser knows it is offline: a submit was never sent. */
export const browserOffline = (): boolean => typeof navigator !== 'undefined' && !navigator.onLine;

/**
 * No answer came at all (fetch's TypeError, or offline), as against the
 * server refusing or failing: a status check is simply asked again.
 */
export const noAnswer = (error: unknown): boolean =>
  (error instanceof ApiError && error.status === 0) || browserOffline();
