import type { PayoutRecordView } from '@shared/api/schemas/payouts';
import type { QueryIn } from '@shared/api/route-spec';
import type { payoutRoutes } from '@shared/api/routes/payouts';

/** Status, kind and the next page's cursor (GET payouts). */
export type PayoutsFilter = NonNullable<QueryIn<typeof payoutRoutes.listPayouts>>;

/**
 * The rows the Payouts screen shows: the fetched pages, each row replaced by
 * its live version from `admin/payouts` (its status moves without a reload),
 * and newer live payouts that match the filter on top — newest first, once.
 */
export function mergeLive(
  fetched: readonly PayoutRecordView[],
  live: readonly PayoutRecordView[] | undefined,
  filter: PayoutsFilter,
): PayoutRecordView[] {
  if (!live) return [...fetched];
  const liveById = new Map(live.map((row) => [row.ID, row]));
  const newest = fetched[0]?.StartedAt ?? '';
  const known = new Set(fetched.map((row) => row.ID));
  const fresh = live.filter((row) => !known.has(row.ID) && row.StartedAt >= newest && matches(row, filter));
  const updated = fetched.map((row) => liveById.get(row.ID) ?? row).filter((row) => matches(row, filter));
  return [...fresh, ...updated].sort((a, b) => (a.StartedAt < b.StartedAt ? 1 : a.StartedAt > b.StartedAt ? -1 : 0));
}

const matches = (row: PayoutRecordView, filter: PayoutsFilter): boolean =>
  (!filter.status || row.Status === filter.status) && (!filter.kind || row.Kind === filter.kind);
