import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PAYOUT_KINDS, PAYOUT_STATUSES, type PayoutRecordView, type PayoutView } from '@shared/api/schemas/payouts';
import { messages } from '@shared/messages';
import { ActionsCell } from '@web/components/staff/ActionsCell';
import { ErrorNotice } from '@web/components/staff/ErrorNotice';
import { LoadingStatus } from '@web/components/staff/LoadingStatus';
import { RowButton } from '@web/components/staff/RowButton';
import { SelectField } from '@web/components/staff/SelectField';
import { StaffTable } from '@web/components/staff/StaffTable';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { replaceQueryData } from '@web/lib/staff-query';
import { staffLrd } from '@web/lib/staff-money';
import { notifyError, toast } from '@web/lib/toast';
import { fetchPayouts, payoutsQuery, retryPayout, type PayoutsFilter } from '../api/payouts';
import { dateTime } from '@web/lib/staff-dates';
import { useAdmin } from '@web/hooks/use-admin';
import { usePayouts } from '../hooks/use-payouts';
import { markRetried } from '../components/payout-rows';
import { HeldPrizes } from '../components/HeldPrizes';
import '../components/payouts.css';

const COLUMNS = [
  'Started',
  'Kind',
  'Payee',
  'Promotion',
  'Amount',
  'Status',
  'Reason',
  'Reference',
  'Finished',
  'Action',
] as const;
const capitalised = (word: string) => word[0]!.toUpperCase() + word.slice(1);
const STATUS_OPTIONS = PAYOUT_STATUSES.map((value) => ({ value, label: capitalised(value) }));
const KIND_OPTIONS = PAYOUT_KINDS.map((value) => ({ value, label: capitalised(value) }));
/** The option chosen, or undefined for "All" (the placeholder's ''). */
const chosen = <T extends string>(options: readonly T[], value: string): T | undefined =>
  options.find((option) => option === value);

/**
 * /v1/admin/{id}/payouts (super admins): every prize,
 * partner and announcer payout, newest first, with its status, the
 * provider's reason and reference; filtered by status and kind, paged, live
 * (`admin/payouts`). Retry sends a failed one again as a new payout.
 */
export function PayoutsScreen() {
  const { adminId } = useAdmin();
  const [filter, setFilter] = useState<PayoutsFilter>({});
  const [loadingMore, setLoadingMore] = useState(false);
  const [retrying, setRetrying] = useState<ReadonlySet<string>>(new Set());
  const client = useQueryClient();
  // the fetched pages, with every admin/payouts event folded in (new payouts on top, statuses updated)
  const { pages: payouts, live } = usePayouts(adminId, filter);
  const failure = payouts.error ? errorMessage(payouts.error, messages.generic.unexpected) : null;
  const shown = payouts.error ? null : (payouts.data?.Payouts ?? null);
  const cursor = payouts.data?.Cursor;

  const loadMore = async () => {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      const page = await fetchPayouts(adminId, { ...filter, cursor });
      await replaceQueryData(
        client,
        payoutsQuery(adminId, filter).queryKey,
        (shownPages) =>
          shownPages && { ...shownPages, Payouts: [...shownPages.Payouts, ...page.Payouts], Cursor: page.Cursor },
      );
    } catch (error) {
      notifyError(errorMessage(error, messages.generic.unexpected));
    } finally {
      setLoadingMore(false);
    }
  };

  /** The failed row loses its Retry at once: the answer names its retry before any live event does. */
  const superseded = async (failedId: string, answered: readonly PayoutView[]) => {
    const retryId = answered[0]?.ID;
    if (!retryId) return;
    await replaceQueryData(
      client,
      payoutsQuery(adminId, filter).queryKey,
      (shownPages) => shownPages && { ...shownPages, Payouts: markRetried(shownPages.Payouts, failedId, retryId) },
    );
  };

  const retry = async (payout: PayoutRecordView) => {
    setRetrying((previous) => new Set(previous).add(payout.ID));
    try {
      const answer = await retryPayout(adminId, payout.ID);
      await superseded(payout.ID, answer.Payouts);
      toast(messages.payout.retried);
    } catch (error) {
      // a retry the provider refused outright was still started: it lists its own (failed) payout
      const listed = error instanceof ApiError ? (error.payload as { Payouts?: PayoutView[] } | null)?.Payouts : null;
      if (listed) await superseded(payout.ID, listed);
      notifyError(errorMessage(error, messages.generic.unexpected));
    } finally {
      setRetrying((previous) => {
        const next = new Set(previous);
        next.delete(payout.ID);
        return next;
      });
    }
  };

  const refused = live.refused ?? failure;

  return (
    <>
      <h1 className="staff-title">Payouts</h1>
      <p className="staff-subtitle">Every prize, partner and announcer payout, newest first. Statuses update live.</p>
      <section className="staff-card" aria-label="Payouts">
        <div className="staff-toolbar">
          <SelectField
            label="Status"
            placeholder="All statuses"
            value={filter.status ?? ''}
            options={STATUS_OPTIONS}
            onChange={(status) => setFilter((previous) => ({ ...previous, status: chosen(PAYOUT_STATUSES, status) }))}
          />
          <SelectField
            label="Kind"
            placeholder="All kinds"
            value={filter.kind ?? ''}
            options={KIND_OPTIONS}
            onChange={(kind) => setFilter((previous) => ({ ...previous, kind: chosen(PAYOUT_KINDS, kind) }))}
          />
          {shown ? (
            <p className="staff-count" role="status">
              {shown.length} payout{shown.length === 1 ? '' : 's'}
              {cursor ? ' shown' : ''}
            </p>
          ) : null}
        </div>
        {refused ? (
          <ErrorNotice>{refused}</ErrorNotice>
        ) : !shown ? (
          <LoadingStatus className="page-loading" text="Loading payouts…" />
        ) : shown.length === 0 ? (
          <p className="empty">No payouts match these filters.</p>
        ) : (
          <StaffTable caption="Payouts" columns={COLUMNS}>
            <tbody>
              {shown.map((payout) => (
                <tr key={payout.ID} data-payout={payout.ID}>
                  <td>{dateTime(payout.StartedAt)}</td>
                  <td>{capitalised(payout.Kind)}</td>
                  <td>
                    {payout.Payee}
                    {payout.Payee !== payout.MobileNumber ? (
                      <span className="staff-cell-note"> {payout.MobileNumber}</span>
                    ) : null}
                  </td>
                  <td>{payout.Promotion}</td>
                  <td>{staffLrd(payout.Amount)}</td>
                  <td>
                    <span className={`payout-status payout-status--${payout.Status}`}>
                      {capitalised(payout.Status)}
                    </span>
                  </td>
                  <td>{payout.Reason ?? ''}</td>
                  <td className="payout-reference">{payout.Reference ?? ''}</td>
                  <td>{payout.FinishedAt ? dateTime(payout.FinishedAt) : ''}</td>
                  <ActionsCell>
                    {payout.Retryable ? (
                      <RowButton
                        variant="primary"
                        label={`Retry ${staffLrd(payout.Amount)} to ${payout.Payee}`}
                        disabled={retrying.has(payout.ID)}
                        onClick={() => void retry(payout)}
                      >
                        Retry
                      </RowButton>
                    ) : payout.RetriedAs ? (
                      <span className="staff-cell-note">Retried</span>
                    ) : null}
                  </ActionsCell>
                </tr>
              ))}
            </tbody>
          </StaffTable>
        )}
        {cursor && shown ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void loadMore()}
            disabled={loadingMore}
          >
            {loadingMore ? 'Loading…' : 'Load more'}
          </button>
        ) : null}
      </section>
      <HeldPrizes adminId={adminId} />
    </>
  );
}
