/** The Payouts screen's calls: the paged, filtered list and Retry of a failed payout. */
import type { QueryIn } from '@shared/api/route-spec';
import { payoutRoutes as routes } from '@shared/api/routes/payouts';
import { callRoute } from '@web/lib/api-routes';

/** Status, kind and the next page's cursor (GET payouts). */
export type PayoutsFilter = NonNullable<QueryIn<typeof routes.listPayouts>>;

export const fetchPayouts = (adminId: string, filter: PayoutsFilter, signal?: AbortSignal) =>
  callRoute(routes.listPayouts, { id: adminId }, { query: filter, signal });

export const retryPayout = (adminId: string, payoutId: string) =>
  callRoute(routes.retryPayout, { id: adminId, payoutId });
