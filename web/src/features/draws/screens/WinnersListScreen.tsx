import { useState } from 'react';
import type { VoidReason } from '@shared/redraw';
import { topicRef } from '@shared/topics';
import { ErrorNotice } from '@web/components/staff/ErrorNotice';
import { LoadingStatus } from '@web/components/staff/LoadingStatus';
import { SearchField } from '@web/components/staff/SearchField';
import { useTopic } from '@web/hooks/use-topic';
import type { AdminWinnerRow } from '@shared/api/schemas/draws';
import { errorMessage } from '@web/lib/api-client';
import { useAdmin } from '@web/hooks/use-admin';
import { filterWinners, WinnersTable } from '../components/WinnersTable';
import { VoidWinnerDialog } from '../components/VoidWinnerDialog';
import { voidWinner } from '../api/draws';

const ADMIN_WINNERS = topicRef('adminWinners');

/**
 * /v1/admin/{id}/winners-list (spec section 2 "Winners List"; every admin):
 * the drawn winners, newest first, live from `admin/winners`, searchable. A super admin
 * may void a winner for cause there (issue 36 part 1): the outcome links to the public redraw.
 */
export function WinnersListScreen() {
  const { adminId, superAdmin } = useAdmin();
  const { data, refused } = useTopic(ADMIN_WINNERS);
  const [search, setSearch] = useState('');
  const [voiding, setVoiding] = useState<AdminWinnerRow | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string; redrawId?: string } | null>(null);
  const confirmVoid = async (winner: AdminWinnerRow, reason: VoidReason, note: string) => {
    try {
      const answer = await voidWinner(adminId, { draw_id: winner.DrawID, reason, note });
      setOutcome({ ok: true, text: answer.message, redrawId: answer.redraw.draw_id });
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error, 'Failed to void the winner. Please try again.') });
    }
  };
  const all = data.winners?.Winners;
  const shown = all ? filterWinners(all, search) : [];

  return (
    <>
      <h1 className="staff-title">Winners List</h1>
      <p className="staff-subtitle">Every winner drawn, newest first. Updates live.</p>
      {outcome ? (
        <p className={`notice notice--${outcome.ok ? 'success' : 'error'}`} role="status">
          {outcome.text}{' '}
          {outcome.redrawId ? <a href={`/draws/${outcome.redrawId}`}>Open the public redraw record</a> : null}
        </p>
      ) : null}
      <section className="staff-card" aria-label="Winners">
        <div className="staff-toolbar">
          <SearchField
            label="Search winners"
            placeholder="Number, partner or promotion"
            value={search}
            onChange={setSearch}
          />
          {all ? (
            <p className="staff-count" role="status">
              {search.trim()
                ? `${shown.length} of ${all.length} winners`
                : `${all.length} winner${all.length === 1 ? '' : 's'}`}
            </p>
          ) : null}
        </div>
        {refused ? (
          <ErrorNotice>{refused}</ErrorNotice>
        ) : !all ? (
          <LoadingStatus className="page-loading" text="Loading winners…" />
        ) : shown.length === 0 ? (
          <p className="empty">
            {search.trim() ? 'No winners match your search. Try adjusting your search terms.' : 'No winners yet.'}
          </p>
        ) : (
          <WinnersTable winners={shown} {...(superAdmin ? { onVoid: setVoiding } : {})} />
        )}
      </section>
      {voiding ? (
        <VoidWinnerDialog
          winner={voiding}
          onConfirm={(reason, note) => confirmVoid(voiding, reason, note)}
          onCancel={() => setVoiding(null)}
        />
      ) : null}
    </>
  );
}
