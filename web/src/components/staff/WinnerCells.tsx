import type { DashboardWinner } from '@shared/api/schemas/dashboards';
import { formatGmtDate } from '@web/lib/dates';

/** A dashboard winner's cells (partner and announcer 'All Winners'): the number, the amount as the dashboard writes it, the GMT date. */
export function WinnerCells({ winner, amount }: { winner: DashboardWinner; amount: string }) {
  return (
    <>
      <td>{winner.mobile_number}</td>
      <td>{amount}</td>
      <td>
        <time dateTime={winner.winner_selected}>{formatGmtDate(winner.winner_selected)}</time>
      </td>
    </>
  );
}
