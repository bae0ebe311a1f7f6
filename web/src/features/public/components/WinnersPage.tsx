import { Link } from 'react-router-dom';
import { HOUSE_GAMES, houseGame } from '@shared/games';
import { drawRecordPagePath } from '@shared/fairness/record-page';
import { useDocumentTitle } from '@web/hooks/use-document-title';
import { formatGmtDate } from '@web/lib/dates';
import { formatAmount, formatWhole } from '@web/lib/money';
import { usePublicWinners } from '../hooks/use-public-winners';
import { ColumnHeads } from '@web/components/ColumnHeads';

/** The API names a house game by its page's slug (shared/games.ts), a promotion by its title. */
const GAME_NAMES: Record<string, string> = Object.fromEntries(
  HOUSE_GAMES.map((kind) => [houseGame[kind].slug, houseGame[kind].title]),
);

/** The table's columns: its header cells and, on a phone, each card's labels (data-label). */
const COLUMN = {
  mobile: 'Mobile Number',
  game: 'Game',
  amount: 'Amount',
  date: 'Date',
  record: 'Draw record',
} as const;

/** /winners: real winners with masked numbers and real totals. */
export function WinnersPage() {
  useDocumentTitle('Winners');
  const winners = usePublicWinners();

  return (
    <div className="page">
      <h1>Winners</h1>
      <p className="lead">
        Every winner is drawn at random from the paid tickets of a draw and paid by mobile money within 24 hours. Phone
        numbers are partly hidden to protect our players.
      </p>

      {winners.phase === 'loading' ? (
        <p role="status" className="notice notice--info">
          <span className="spinner" aria-hidden="true" /> Loading winners…
        </p>
      ) : null}

      {winners.phase === 'error' ? (
        <p role="alert" className="notice notice--error">
          The winners could not be loaded right now. Please try again later.
        </p>
      ) : null}

      {winners.phase === 'ready' ? (
        <>
          <section aria-labelledby="totals-heading" className="section">
            <h2 id="totals-heading">Totals</h2>
            <dl className="stats">
              <div className="stat">
                <dt>Winners</dt>
                <dd>{formatWhole(winners.data.TotalWinners)}</dd>
              </div>
              <div className="stat">
                <dt>Paid to winners</dt>
                <dd>{formatAmount(winners.data.TotalPaidLRD)} LRD</dd>
              </div>
            </dl>
          </section>
          <section aria-labelledby="recent-heading" className="section">
            <h2 id="recent-heading">Recent winners</h2>
            {winners.data.Winners.length === 0 ? (
              <p className="empty">
                No winners yet. The next draw could be yours — <Link to="/daily-draw">enter the daily draw</Link>.
              </p>
            ) : (
              <div className="table-scroll" role="region" aria-labelledby="recent-heading" tabIndex={0}>
                <table className="table table--cards">
                  <ColumnHeads columns={COLUMN} />
                  <tbody>
                    {winners.data.Winners.map((winner, index) => (
                      <tr key={`${winner.WinnerSelected}-${winner.MobileNumber}-${index}`}>
                        <td data-label={COLUMN.mobile}>{winner.MobileNumber}</td>
                        <td data-label={COLUMN.game}>{GAME_NAMES[winner.Game] ?? winner.Game}</td>
                        <td data-label={COLUMN.amount}>{formatAmount(winner.WinnerAmount)} LRD</td>
                        <td data-label={COLUMN.date}>
                          <time dateTime={winner.WinnerSelected}>{formatGmtDate(winner.WinnerSelected)}</time>
                        </td>
                        <td data-label={COLUMN.record}>
                          {winner.DrawID ? (
                            <Link to={drawRecordPagePath(winner.DrawID)}>
                              Check<span className="visually-hidden"> the draw of {winner.MobileNumber}</span>
                            </Link>
                          ) : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}
