import type { PartnerDashboard } from '@shared/api/schemas/dashboards';
import { StaffTable } from '@web/components/staff/StaffTable';
import { WinnerCells } from '@web/components/staff/WinnerCells';
import { staffLrd } from '@web/lib/staff-money';
import { allWinners } from '../figures';

const COLUMNS = ['Promotion', 'Winner', 'Amount', 'Date'];

/** Spec section 2: the all-winners table, newest first. */
export function WinnersTable({ dashboard }: { dashboard: PartnerDashboard }) {
  const winners = allWinners(dashboard);
  return (
    <section className="staff-card">
      <h2 id="partner-winners-heading">All Winners</h2>
      {winners.length === 0 ? (
        <p className="empty">No winners yet today.</p>
      ) : (
        <StaffTable columns={COLUMNS} labelledBy="partner-winners-heading">
          <tbody>
            {winners.map((winner) => (
              <tr key={winner.draw_id}>
                <td>{winner.promotion_title}</td>
                <WinnerCells winner={winner} amount={staffLrd(winner.winner_amount)} />
              </tr>
            ))}
          </tbody>
        </StaffTable>
      )}
    </section>
  );
}
