import { Link } from 'react-router-dom';
import { drawRecordPagePath } from '@shared/fairness/record-page';
import { useDocumentTitle } from '@web/hooks/use-document-title';
import { useQuery } from '@web/hooks/use-query';
import { formatGmtDate } from '@web/lib/dates';
import { formatAmount } from '@web/lib/money';
import { fetchResults, type PublicResult } from '../api/results';

type ResultsState = { phase: 'loading' } | { phase: 'error' } | { phase: 'ready'; results: PublicResult[] };

const loadResults = async (signal: AbortSignal) => (await fetchResults(signal))?.results ?? [];

/** /results: the recent house-game draws, each linking to its public record. Cards: readable on a phone. */
export function ResultsPage() {
  useDocumentTitle('Past results');
  const {
    data: results,
    error,
    loading,
  } = useQuery('public-results', loadResults, {
    failureLog: 'Could not load the results',
  });
  // a public page shows its loading text until its own answer, as on a first visit
  const state: ResultsState = error
    ? { phase: 'error' }
    : results && !loading
      ? { phase: 'ready', results }
      : { phase: 'loading' };

  return (
    <div className="page page--narrow">
      <h1>Past results</h1>
      <p className="lead">
        The latest Daily Cash Giveaway and Jackpot draws. Phone numbers are partly hidden to protect our players; every
        draw has a public record you can check yourself.
      </p>
      {state.phase === 'loading' ? (
        <p role="status" className="notice notice--info">
          <span className="spinner" aria-hidden="true" /> Loading results…
        </p>
      ) : null}
      {state.phase === 'error' ? (
        <p role="alert" className="notice notice--error">
          The results could not be loaded right now. Please try again later.
        </p>
      ) : null}
      {state.phase === 'ready' && state.results.length === 0 ? (
        <p className="empty">
          No draws yet. <Link to="/daily-draw">Enter the daily draw</Link>.
        </p>
      ) : null}
      {state.phase === 'ready' && state.results.length > 0 ? (
        <ul className="results" aria-label="Past draws">
          {state.results.map((result) => (
            <li key={result.draw_id} className="card result" data-draw-id={result.draw_id}>
              <h2>
                {result.title}, <time dateTime={result.drawn_at}>{formatGmtDate(result.drawn_at)}</time>
              </h2>
              <p>
                {result.winner && result.prize_lrd
                  ? `Won by ${result.winner}: ${formatAmount(result.prize_lrd)} LRD`
                  : 'No tickets in this draw: no winner.'}
              </p>
              <p>
                <Link to={drawRecordPagePath(result.draw_id)}>
                  See the draw record
                  <span className="visually-hidden">
                    {' '}
                    of {result.title}, {formatGmtDate(result.drawn_at)}
                  </span>
                </Link>
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
