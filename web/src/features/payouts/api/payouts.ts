/** The Payouts screen's calls: the paged, filtered list and Retry of a failed payout. */
import { queryOptions } from '@tanstack/react-query';
import { payoutRoutes as routes } from '@shared/api/routes/payouts';
import { topicRef } from '@shared/topics';
import { cachedTopicData } from '@web/hooks/use-topic';
import { callRoute } from '@web/lib/api-routes';
import { mergeLive, type PayoutsFilter } from '../components/payout-rows';

export type { PayoutsFilter };

/** Every payout's live version (super admins): the Payouts screen folds it into its pages. */
export const PAYOUTS_TOPIC = topicRef('adminPayouts');

export const fetchPayouts = (adminId: string, filter: PayoutsFilter, signal?: AbortSignal) =>
  callRoute(routes.listPayouts, { id: adminId }, { query: filter, signal });

/**
 * The first page under a filter, with the live rows of `admin/payouts`
 * already in the cache folded in: an answer landing after events keeps them.
 */
export const payoutsQuery = (adminId: string, filter: PayoutsFilter) =>
  queryOptions({
    queryKey: ['payouts', adminId, filter.status ?? '', filter.kind ?? ''],
    queryFn: async ({ signal, client }) => {
      const page = await fetchPayouts(adminId, filter, signal);
      const live = cachedTopicData(client, PAYOUTS_TOPIC).payouts?.Payouts;
      return { ...page, Payouts: mergeLive(page.Payouts, live, filter) };
    },
  });

export const retryPayout = (adminId: string, payoutId: string) =>
  callRoute(routes.retryPayout, { id: adminId, payoutId });

/** Prizes held because they could not be paid, and the unclaimed-prizes balance (issue 36 part 4). */
export const heldPrizesQuery = (adminId: string) =>
  queryOptions({
    queryKey: ['held-prizes', adminId],
    queryFn: ({ signal }) => callRoute(routes.listHeldPrizes, { id: adminId }, { signal }),
  });

/** Pay a held prize to a corrected number after an identity check (kept in the audit log). */
/** Pay a held prize to the number of the identity check read (`checkAt`: its time; one recorded since is refused). */
export const claimHeldPrize = (adminId: string, drawId: string, checkAt: string) =>
  callRoute(routes.claimHeldPrize, { id: adminId }, { body: { draw_id: drawId, check_at: checkAt } });
