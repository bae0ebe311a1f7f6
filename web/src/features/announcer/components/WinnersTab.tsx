import type { AnnouncerDashboard } from '@shared/api/schemas/dashboards';
import { StaffTable } from '@web/components/staff/StaffTable';
import { WinnerCells } from '@web/components/staff/WinnerCells';
import { staffLrd } from '@web/lib/staff-money';

const COLUMNS = ['Promotion', 'Winner', 'Amount (LRD)', 'Date'];

/** Spec section 2, announcer "Winners tab": 'All Winners', grouped by promotion. */
export function WinnersTab({ dashboard }: { dashboard: AnnouncerDashboard }) {
  const groups = Object.entries(dashboard.DailyWinners).filter(([, winners]) => winners.length > 0);
  return (
    <section>
      <h2 id="all-winners-heading">All Winners</h2>
      {groups.length === 0 ? (
        <p className="empty">No winners yet today.</p>
      ) : (
        <StaffTable columns={COLUMNS} labelledBy="all-winners-heading">
          {groups.map(([title, winners]) => (
            <tbody key={title} className="winners-group">
              {winners.map((winner, index) => (
                <tr key={winner.draw_id}>
                  {index === 0 ? (
                    <th scope="rowgroup" rowSpan={winners.length}>
                      {title}
                    </th>
                  ) : null}
                  <WinnerCells winner={winner} amount={staffLrd(winner.winner_amount)} />
                </tr>
              ))}
            </tbody>
          ))}
        </StaffTable>
      )}
    </section>
  );
}
