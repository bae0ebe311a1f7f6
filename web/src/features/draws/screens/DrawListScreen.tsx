import { useId, useState } from 'react';
import type { PartnerDrawSummary } from '@shared/api/schemas/dashboards';
import { topicRef, type DrawListPeriod } from '@shared/topics';
import { ErrorNotice } from '@web/components/staff/ErrorNotice';
import { LoadingStatus } from '@web/components/staff/LoadingStatus';
import { SearchField } from '@web/components/staff/SearchField';
import { useTopic } from '@web/hooks/use-topic';
import { ClearDrawDialog } from '../components/ClearDrawDialog';
import { ConductDrawDialog } from '../components/ConductDrawDialog';
import { DrawTable, filterDrawRows } from '../components/DrawTable';
import { HouseGamesTable } from '../components/HouseGamesTable';
import { useAdmin } from '@web/hooks/use-admin';
import { useDrawActions } from '../hooks/use-draw-actions';
import '../components/draw.css';

const ADMIN_DRAW_LIST = topicRef('adminDrawList');
type Period = DrawListPeriod;
const PERIODS: ReadonlyArray<[Period, string]> = [
  ['D', 'Today'],
  ['W', 'This week'],
  ['M', 'This month'],
  ['Y', 'This year'],
];

/**
 * /v1/admin/{id}/jacktop-list — Partners' Data Analytics, the Draw tab (spec
 * section 2; super admins only, the server refuses others the topic and the
 * calls). Live from `admin/draw-list`, one event per period; Current Entries
 * and Percentages follow the chosen period (today by default, the same
 * figure as the partner's and announcer's dashboards); today's rows also say
 * how many entries are in the open draw and what the next draw needs.
 */
export function DrawListScreen() {
  const { adminId } = useAdmin();
  const { data, refused } = useTopic(ADMIN_DRAW_LIST);
  const actions = useDrawActions(adminId);
  const [period, setPeriod] = useState<Period>('D');
  const [search, setSearch] = useState('');
  const [confirming, setConfirming] = useState<PartnerDrawSummary | null>(null);
  const [drawing, setDrawing] = useState<PartnerDrawSummary | null>(null);
  const periodId = useId();
  const houseId = useId();

  const all = data[period];
  const shown = all ? filterDrawRows(all, search) : [];
  const houseGames = data.houseGames;
  const partnerWindowEntries = (partnerId: string): number =>
    (all ?? []).filter((row) => row.PartnerID === partnerId).reduce((sum, row) => sum + row.WindowEntries, 0);

  return (
    <>
      <h1 className="staff-title">Partners' Data Analytics</h1>
      <p className="staff-subtitle">Entries, balances and draws of every active partner promotion. Updates live.</p>
      {actions.outcome ? (
        <p className={`notice notice--${actions.outcome.kind}`} role="status">
          {actions.outcome.text}
        </p>
      ) : null}
      <section className="staff-card" aria-label="Partner promotions">
        <div className="staff-toolbar">
          <div>
            <SearchField
              label="Search partners"
              placeholder="Partner, promotion or code"
              value={search}
              onChange={setSearch}
            />
          </div>
          <div className="draw-period">
            <label htmlFor={periodId}>Entries for</label>
            <select
              id={periodId}
              className="staff-control"
              value={period}
              onChange={(event) => setPeriod(event.target.value as Period)}
            >
              {PERIODS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        </div>
        {refused ? (
          <ErrorNotice>{refused}</ErrorNotice>
        ) : !all ? (
          <LoadingStatus className="page-loading" text="Loading partner promotions…" />
        ) : shown.length === 0 ? (
          <p className="empty">
            {search.trim()
              ? 'No partners match your search. Try adjusting your search terms.'
              : 'No active partner promotions yet.'}
          </p>
        ) : (
          <DrawTable
            rows={shown}
            drawWindow={period === 'D'}
            runningFor={actions.runningFor}
            partnerWindowEntries={partnerWindowEntries}
            onConduct={setDrawing}
            onClear={setConfirming}
          />
        )}
      </section>
      <section className="staff-card" aria-labelledby={houseId}>
        <h2 id={houseId}>House games</h2>
        <p className="staff-subtitle">
          The public site's games: the scheduler draws them at their draw time, so they have no draw buttons.
        </p>
        {refused ? null : houseGames ? (
          <HouseGamesTable games={houseGames} />
        ) : (
          <LoadingStatus text="Loading house games…" />
        )}
      </section>
      {drawing ? (
        <ConductDrawDialog
          row={drawing}
          onCancel={() => setDrawing(null)}
          onConfirm={() => {
            const row = drawing;
            setDrawing(null);
            void actions.conduct(row);
          }}
        />
      ) : null}
      {confirming ? (
        <ClearDrawDialog
          adminId={adminId}
          row={confirming}
          onCancel={() => setConfirming(null)}
          onConfirm={(mode) => {
            const row = confirming;
            setConfirming(null);
            void actions.clear(row, mode);
          }}
        />
      ) : null}
    </>
  );
}
