/** The regulator's window (shared/api/routes/regulator.ts): reads only, refreshed while open. */
import { queryOptions } from '@tanstack/react-query';
import { regulatorRoutes as routes } from '@shared/api/routes/regulator';
import { ApiError } from '@web/lib/api-client';
import { callRoute, routeUrl } from '@web/lib/api-routes';

/** How often the live parts are read again while the window is open. */
const LIVE_MS = 15_000;

export const liveQuery = (id: string) =>
  queryOptions({
    queryKey: ['regulator-live', id],
    queryFn: ({ signal }) => callRoute(routes.regulatorLive, { id }, { signal }),
    refetchInterval: LIVE_MS,
  });

export const drawsQuery = (id: string) =>
  queryOptions({
    queryKey: ['regulator-draws', id],
    queryFn: ({ signal }) => callRoute(routes.regulatorDraws, { id }, { query: {}, signal }),
    refetchInterval: LIVE_MS,
  });

export const payoutsQuery = (id: string) =>
  queryOptions({
    queryKey: ['regulator-payouts', id],
    queryFn: ({ signal }) => callRoute(routes.regulatorPayouts, { id }, { query: {}, signal }),
    refetchInterval: LIVE_MS,
  });

export const complaintsQuery = (id: string) =>
  queryOptions({
    queryKey: ['regulator-complaints', id],
    queryFn: ({ signal }) => callRoute(routes.regulatorComplaints, { id }, { signal }),
  });

export const unclaimedQuery = (id: string) =>
  queryOptions({
    queryKey: ['regulator-unclaimed', id],
    queryFn: ({ signal }) => callRoute(routes.regulatorUnclaimed, { id }, { signal }),
  });

export const sealsQuery = (id: string, month: string) =>
  queryOptions({
    queryKey: ['regulator-seals', id, month],
    queryFn: ({ signal }) => callRoute(routes.regulatorSeals, { id }, { query: { month }, signal }),
  });

/** Save a download (audit-logged by the server) under `name`. */
async function save(url: string, name: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new ApiError(response.status, null);
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
}

/** The hash-chained export since a day (JSON Lines): `npm run verify-export <file>` checks it. */
export const downloadExport = (id: string, since: string) =>
  save(routeUrl(routes.regulatorExport, { id }, { since }), `ledger-export-since-${since}.jsonl`);

/** A month's sealed days as stored, with their chain (JSON). */
export const downloadSealed = (id: string, month: string) =>
  save(routeUrl(routes.regulatorSealed, { id }, { month }), `sealed-reports-${month}.json`);
