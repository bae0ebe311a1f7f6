import type { AnnouncerDashboard } from '../../../../../shared/api/schemas/dashboards';
import { formatGmtDate } from '../../../lib/dates';
import { formatAmount } from '../../../lib/money';

/** Spec section 2, announcer "Winners tab": 'All Winners', grouped by promotion. */
export function WinnersTab({ dashboard }: { dashboard: AnnouncerDashboard }) {
  const groups = Object.entries(dashboard.DailyWinners).filter(([, winners]) => winners.length > 0);
  return (
    <section>
      <h2 id="all-winners-heading">All Winners</h2>
      {groups.length === 0 ? (
        <p className="empty">No winners yet today.</p>
      ) : (
        <div className="table-scroll" role="region" aria-labelledby="all-winners-heading" tabIndex={0}>
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">Promotion</th>
                <th scope="col">Winner</th>
                <th scope="col">Amount (LRD)</th>
                <th scope="col">Date</th>
              </tr>
            </thead>
            {groups.map(([title, winners]) => (
              <tbody key={title} className="winners-group">
                {winners.map((winner, index) => (
                  <tr key={winner.draw_id}>
                    {index === 0 ? (
                      <th scope="rowgroup" rowSpan={winners.length}>
                        {title}
                      </th>
                    ) : null}
                    <td>{winner.mobile_number}</td>
                    <td>{formatAmount(winner.winner_amount)}</td>
                    <td>
                      <time dateTime={winner.winner_selected}>{formatGmtDate(winner.winner_selected)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </div>
      )}
    </section>
  );
}
