import { Link } from 'react-router-dom';
import { houseGame, isHouseGame } from '@shared/games';
import type { PublicFairDraws } from '@shared/api/schemas/draws';
import { messages } from '@shared/messages';
import { useDocumentTitle } from '@web/hooks/use-document-title';
import { useQuery } from '@web/hooks/use-query';
import { formatGmtTime } from '@web/lib/dates';
import { drawRecordPagePath } from '@shared/fairness/record-page';
import { fetchFairDraws } from '../api/fair-draws';
import '../fairness.css';
import { DrawMethodText } from '../method-text';
import { ColumnHeads } from '@web/components/ColumnHeads';

const gameName = (game: string, title: string) => (isHouseGame(game) ? houseGame[game].title : title);

type Load = { phase: 'loading' } | { phase: 'error' } | { phase: 'ready'; data: PublicFairDraws };

/** Each table's columns: its header cells and, on a phone, each card's labels (data-label). */
const OPEN_COLUMN = {
  game: 'Game',
  partner: 'Partner',
  opened: 'Opened',
  entries: 'Entries',
  commitment: 'Commitment (SHA-256 of the seed)',
} as const;
const CLOSED_COLUMN = {
  game: 'Game',
  closed: 'Closed',
  entries: 'Entries',
  winner: 'Winner',
  seed: 'Seed',
  record: 'Record',
} as const;

/** /fair-draws: every open draw's commitment from the moment it opens, and the closed draws with their seeds (DESIGN section 4). */
export function FairDrawsPage() {
  useDocumentTitle('Fair draws');
  const { data, error, loading } = useQuery('fair-draws', fetchFairDraws);
  // a public page shows its loading text until its own answer, as on a first visit
  const load: Load = error ? { phase: 'error' } : data && !loading ? { phase: 'ready', data } : { phase: 'loading' };

  return (
    <div className="page">
      <h1>Fair draws</h1>
      <p className="lead">
        Every draw can be checked by anyone. Here is how a winner is chosen, the commitment of every draw that is open
        now, and the record of every closed draw.
      </p>
      <section aria-labelledby="method-heading" className="section">
        <h2 id="method-heading">How a winner is chosen</h2>
        <DrawMethodText />
      </section>

      {load.phase === 'loading' ? (
        <p role="status" className="notice notice--info">
          <span className="spinner" aria-hidden="true" /> Loading draws…
        </p>
      ) : null}
      {load.phase === 'error' ? (
        <p role="alert" className="notice notice--error">
          {messages.fairDraws.listFailed}
        </p>
      ) : null}
      {load.phase === 'ready' ? (
        <>
          <section aria-labelledby="open-heading" className="section">
            <h2 id="open-heading">Open draws</h2>
            {load.data.open.length === 0 ? (
              <p className="empty">No draw is open right now.</p>
            ) : (
              <div className="table-scroll" role="region" aria-labelledby="open-heading" tabIndex={0}>
                <table className="table table--cards fair-draws-table">
                  <ColumnHeads columns={OPEN_COLUMN} />
                  <tbody>
                    {load.data.open.map((window) => (
                      <tr key={window.draw_id} data-draw-id={window.draw_id}>
                        <td data-label={OPEN_COLUMN.game}>{gameName(window.game, window.title)}</td>
                        <td data-label={OPEN_COLUMN.partner}>{window.partner}</td>
                        <td data-label={OPEN_COLUMN.opened}>
                          <time dateTime={window.opened_at}>{formatGmtTime(window.opened_at)}</time>
                        </td>
                        <td data-label={OPEN_COLUMN.entries}>{window.entries}</td>
                        <td data-label={OPEN_COLUMN.commitment}>
                          <code className="hash">{window.commitment ?? 'given at the next draw attempt'}</code>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
          <section aria-labelledby="closed-heading" className="section">
            <h2 id="closed-heading">Closed draws</h2>
            {load.data.draws.length === 0 ? (
              <p className="empty">No draw has closed yet.</p>
            ) : (
              <div className="table-scroll" role="region" aria-labelledby="closed-heading" tabIndex={0}>
                <table className="table table--cards fair-draws-table">
                  <ColumnHeads columns={CLOSED_COLUMN} />
                  <tbody>
                    {load.data.draws.map((draw) => (
                      <tr key={draw.draw_id}>
                        <td data-label={CLOSED_COLUMN.game}>{gameName(draw.game, draw.title)}</td>
                        <td data-label={CLOSED_COLUMN.closed}>
                          <time dateTime={draw.closed_at}>{formatGmtTime(draw.closed_at)}</time>
                        </td>
                        <td data-label={CLOSED_COLUMN.entries}>{draw.entry_count}</td>
                        <td data-label={CLOSED_COLUMN.winner}>
                          {draw.winner ?? (draw.kind === 'cleared' ? 'cleared' : 'none')}
                        </td>
                        <td data-label={CLOSED_COLUMN.seed}>
                          <code className="hash">{draw.seed}</code>
                        </td>
                        <td data-label={CLOSED_COLUMN.record}>
                          <Link to={drawRecordPagePath(draw.draw_id)}>
                            Check<span className="visually-hidden"> draw {draw.draw_id}</span>
                          </Link>
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
