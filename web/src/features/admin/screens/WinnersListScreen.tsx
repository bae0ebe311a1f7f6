import { useState } from 'react';
import { ADMIN_WINNERS_EVENT, adminWinners } from '../../../../../shared/api/schemas/draws';
import { topicNames } from '../../../../../shared/topics';
import { ErrorNotice } from '../../../components/staff/ErrorNotice';
import { LoadingStatus } from '../../../components/staff/LoadingStatus';
import { SearchField } from '../../../components/staff/SearchField';
import { useTopic } from '../../../hooks/use-topic';
import { filterWinners, WinnersTable } from '../components/winners/WinnersTable';

const SCHEMAS = { [ADMIN_WINNERS_EVENT]: adminWinners };

/**
 * /v1/admin/{id}/winners-list (spec section 2 "Winners List"; every admin):
 * the drawn winners, newest first, live from `admin/winners`, searchable.
 */
export function WinnersListScreen() {
  const { data, refused } = useTopic(topicNames.adminWinners, SCHEMAS);
  const [search, setSearch] = useState('');
  const all = data[ADMIN_WINNERS_EVENT]?.Winners;
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
