/** The Payouts screen's calls: the paged, filtered list and Retry of a failed payout. */
import { pathOf, routes } from '@shared/api/routes';
import type { PayResponse, PayoutsPage } from '@shared/api/schemas/payouts';
import { apiRequest } from '@web/lib/api-client';
import { callRouteAs } from '@web/lib/api-routes';

export interface PayoutsFilter {
  status?: string;
  kind?: string;
  cursor?: string;
}

export function fetchPayouts(adminId: string, filter: PayoutsFilter, signal?: AbortSignal): Promise<PayoutsPage> {
  const query = new URLSearchParams(Object.entries(filter).flatMap(([key, value]) => (value ? [[key, value]] : [])));
  return apiRequest<PayoutsPage>('GET', `${pathOf(routes.listPayouts, { id: adminId })}?${query}`, { signal });
}

export const retryPayout = (adminId: string, payoutId: string) =>
  callRouteAs<PayResponse>(routes.retryPayout, { id: adminId, payoutId });
