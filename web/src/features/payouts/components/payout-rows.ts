import type { PayoutRecordView } from '@shared/api/schemas/payouts';
import type { QueryIn } from '@shared/api/route-spec';
import type { payoutRoutes } from '@shared/api/routes/payouts';

/** Status, kind and the next page's cursor (GET payouts). */
export type PayoutsFilter = NonNullable<QueryIn<typeof payoutRoutes.listPayouts>>;

/**
 * The rows the Payouts screen shows: the fetched pages, each row replaced by
 * its live version from `admin/payouts` (its status moves without a reload),
 * and newer live payouts that match the filter on top — newest first, once.
 * A failed row that any known row retries (its RetryOf) is superseded: no
 * Retry, though the topic's window may no longer list the failed one itself.
 */
export function mergeLive(
  fetched: readonly PayoutRecordView[],
  live: readonly PayoutRecordView[] | undefined,
  filter: PayoutsFilter,
): PayoutRecordView[] {
  const retries = [...fetched, ...(live ?? [])].flatMap((row) => (row.RetryOf ? [[row.RetryOf, row.ID] as const] : []));
  return superseded(merged(fetched, live, filter), new Map(retries));
}

/** The rows with `failedId` marked retried as `retryId` (the Retry answer names it before any event does). */
export const markRetried = (rows: readonly PayoutRecordView[], failedId: string, retryId: string) =>
  superseded(rows, new Map([[failedId, retryId]]));

function superseded(rows: readonly PayoutRecordView[], retriedAs: ReadonlyMap<string, string>): PayoutRecordView[] {
  return rows.map((row) => {
    const retry = row.RetriedAs ?? retriedAs.get(row.ID);
    return retry && row.Retryable ? { ...row, Retryable: false, RetriedAs: retry } : row;
  });
}

function merged(
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
