import type { DashboardWinner } from '@shared/api/schemas/dashboards';
import { formatGmtDate } from '@web/lib/dates';
import { staffLrd } from '@web/lib/staff-money';

/** Spec section 2 'Recent Winners': the newest first, each with number, promotion, amount in LRD and 'MMM d, yyyy'. */
export function RecentWinners({ winners }: { winners: DashboardWinner[] }) {
  return (
    <section className="staff-card" aria-labelledby="recent-winners-heading">
      <h2 id="recent-winners-heading">Recent Winners</h2>
      {winners.length === 0 ? (
        <p className="empty">No winners yet today.</p>
      ) : (
        <ol className="recent-winners" role="list">
          {winners.map((winner) => (
            <li key={winner.draw_id} className="recent-winners__item">
              <span className="recent-winners__number">{winner.mobile_number}</span>
              <span className="recent-winners__promotion">{winner.promotion_title}</span>
              <span className="recent-winners__amount">{staffLrd(winner.winner_amount)}</span>
              <time className="recent-winners__date" dateTime={winner.winner_selected}>
                {formatGmtDate(winner.winner_selected)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
