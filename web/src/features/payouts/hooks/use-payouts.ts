import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTopic } from '@web/hooks/use-topic';
import { PAYOUTS_TOPIC, payoutsQuery, type PayoutsFilter } from '../api/payouts';
import { mergeLive } from '../components/payout-rows';

/**
 * The Payouts screen's pages under a filter, live (DESIGN section 6): every
 * `admin/payouts` event is written into the cached pages (new payouts on top,
 * statuses updated), so the screen and Load more share one value.
 */
export function usePayouts(adminId: string, filter: PayoutsFilter) {
  const client = useQueryClient();
  const pages = useQuery(payoutsQuery(adminId, filter));
  const live = useTopic(PAYOUTS_TOPIC);
  const rows = live.data.payouts?.Payouts;
  useEffect(() => {
    if (!rows) return;
    // a page still on its way is not dropped: its answer folds in the topic's latest rows itself (payoutsQuery)
    client.setQueryData(
      payoutsQuery(adminId, filter).queryKey,
      (shown) => shown && { ...shown, Payouts: mergeLive(shown.Payouts, rows, filter) },
    );
  }, [rows, client, adminId, filter]);
  return { pages, live };
}
