import type { PartnerDashboard } from '../../../../../shared/api/schemas/dashboards';
import { formatGmtDate } from '../../../lib/dates';
import { allWinners, ldAmount } from '../figures';

/** Spec section 2: the all-winners table, newest first. */
export function WinnersTable({ dashboard }: { dashboard: PartnerDashboard }) {
  const winners = allWinners(dashboard);
  return (
    <section className="staff-card">
      <h2 id="partner-winners-heading">All Winners</h2>
      {winners.length === 0 ? (
        <p className="empty">No winners yet today.</p>
      ) : (
        <div className="table-scroll" role="region" aria-labelledby="partner-winners-heading" tabIndex={0}>
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">Promotion</th>
                <th scope="col">Winner</th>
                <th scope="col">Amount</th>
                <th scope="col">Date</th>
              </tr>
            </thead>
            <tbody>
              {winners.map((winner) => (
                <tr key={winner.draw_id}>
                  <td>{winner.promotion_title}</td>
                  <td>{winner.mobile_number}</td>
                  <td>{ldAmount(winner.winner_amount)}</td>
                  <td>
                    <time dateTime={winner.winner_selected}>{formatGmtDate(winner.winner_selected)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
