import { onAirMessages } from '@shared/on-air-messages';
import { Link, useParams } from 'react-router-dom';
import { messages } from '@shared/messages';
import { useDocumentTitle } from '@web/hooks/use-document-title';
import { useQuery } from '@web/hooks/use-query';
import { ApiError } from '@web/lib/api-client';
import { formatGmtTime } from '@web/lib/dates';
import { formatWhole } from '@web/lib/money';
import { fetchDrawByCode } from '../api/draw-code';

const text = onAirMessages;

/**
 * /d/<code>: the short public record a listener opens during the show (issue 36): the game, its
 * entries and close, and the winner's masked number once drawn, with the full record to check it.
 * A small chunk of its own (no verifier code: the full record page runs that).
 */
export function DrawCodePage() {
  const { code = '' } = useParams();
  const shown = code.toUpperCase();
  useDocumentTitle(text.recordTitle(shown));
  const { data, error, loading } = useQuery(['draw-code', code], (signal) => fetchDrawByCode(code, signal));
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <div className="page">
      <h1>{text.recordTitle(shown)}</h1>
      {loading && !data ? (
        <p role="status" className="notice notice--info">
          <span className="spinner" aria-hidden="true" /> Loading the draw…
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="notice notice--error">
          {missing ? error.serverMessage || text.noSuchCode : messages.fairDraws.loadFailed}
        </p>
      ) : null}
      {data ? (
        <section className="draw-facts" aria-label={text.recordTitle(data.draw_code)}>
          <p className="lead">{data.title}</p>
          <dl>
            <dt>{text.entries}</dt>
            <dd data-testid="code-entries">{formatWhole(data.entry_count)}</dd>
            <dt>{text.closedAt}</dt>
            <dd>{formatGmtTime(data.closed_at)}</dd>
            <dt>{text.stepWinner}</dt>
            <dd data-testid="code-winner">{data.winner ?? text.notYetDrawn}</dd>
          </dl>
          {data.status === 'closing' ? <p className="notice notice--info">{text.statusClosing}</p> : null}
          {data.record_path ? <Link to={data.record_path}>{text.fullRecord}</Link> : null}
        </section>
      ) : null}
    </div>
  );
}
