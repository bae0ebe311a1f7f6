import { useState } from 'react';
import { topicRef } from '@shared/topics';
import { ErrorNotice } from '@web/components/staff/ErrorNotice';
import { LoadingStatus } from '@web/components/staff/LoadingStatus';
import { SearchField } from '@web/components/staff/SearchField';
import { useTopic } from '@web/hooks/use-topic';
import { filterWinners, WinnersTable } from '../components/WinnersTable';

const ADMIN_WINNERS = topicRef('adminWinners');

/**
 * /v1/admin/{id}/winners-list (spec section 2 "Winners List"; every admin):
 * the drawn winners, newest first, live from `admin/winners`, searchable.
 */
export function WinnersListScreen() {
  const { data, refused } = useTopic(ADMIN_WINNERS);
  const [search, setSearch] = useState('');
  const all = data.winners?.Winners;
  const shown = all ? filterWinners(all, search) : [];

  return (
    <>
      <h1 className="staff-title">Winners List</h1>
      <p className="staff-subtitle">Every winner drawn, newest first. Updates live.</p>
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
          <WinnersTable winners={shown} />
        )}
      </section>
    </>
  );
}
