import { Link, useParams } from 'react-router-dom';
import type { PublicDrawRecord } from '@shared/api/schemas/draws';
import { verifyDraw, type DrawVerdict } from '@shared/fairness/draw-method';
import { messages } from '@shared/messages';
import { useDocumentTitle } from '@web/hooks/use-document-title';
import { useQuery } from '@web/hooks/use-query';
import { ApiError } from '@web/lib/api-client';
import { formatGmtTime } from '@web/lib/dates';
import { formatAmount } from '@web/lib/money';
import { fetchDrawRecord } from '../api/fair-draws';
import '../fairness.css';
import { DrawCodePage } from './DrawCodePage';
import { RedrawLinks } from './RedrawLinks';
import { TicketCheck } from './TicketCheck';

type Load = { phase: 'loading' } | { phase: 'error'; notFound: boolean } | { phase: 'ready'; record: PublicDrawRecord };

/** /draws/{id}, and /d/{code}: the short record a listener opens by the code read on air. */
export function DrawRecordPage() {
  const { code } = useParams();
  return code === undefined ? <FullDrawRecord /> : <DrawCodePage />;
}

/**
 * /draws/{id}: a draw's public record, checked in the browser with the same
 * code as `npm run verify-draw` (shared/fairness; Web Crypto), and a ticket's
 * place in it by its inclusion proof (DESIGN section 4, "Fair draws").
 */
function FullDrawRecord() {
  const { id = '' } = useParams();
  useDocumentTitle('Draw record');
  const { data: record, error, loading } = useQuery(['draw-record', id], (signal) => fetchDrawRecord(id, signal));
  const load: Load = error
    ? { phase: 'error', notFound: error instanceof ApiError && error.status === 404 }
    : record && !loading
      ? { phase: 'ready', record }
      : { phase: 'loading' };

  return (
    <div className="page">
      <h1>Draw record</h1>
      <p className="lead">
        Every step of this draw, checked in your browser. <Link to="/fair-draws">How a winner is chosen</Link>.
      </p>
      {load.phase === 'loading' ? (
        <p role="status" className="notice notice--info">
          <span className="spinner" aria-hidden="true" /> Loading the draw record…
        </p>
      ) : null}
      {load.phase === 'error' ? (
        <p role="alert" className="notice notice--error">
          {load.notFound ? messages.fairDraws.noSuchDraw : messages.fairDraws.loadFailed}
        </p>
      ) : null}
      {load.phase === 'ready' ? <Record record={load.record} /> : null}
      {load.phase === 'ready' ? <TicketCheck record={load.record} /> : null}
    </div>
  );
}

const checkRecord = (record: PublicDrawRecord) =>
  verifyDraw(record).catch(
    (error: unknown): DrawVerdict => ({
      ok: false,
      checks: [{ name: 'record readable', ok: false, detail: String(error) }],
    }),
  );

function Record({ record }: { record: PublicDrawRecord }) {
  // checked in the browser once the record is here (and again only for another record)
  const { data: verdict } = useQuery(['draw-verdict', record.draw_id], () => checkRecord(record));
  const last = record.first_seq + record.entry_count - 1;
  return (
    <>
      <RedrawLinks record={record} />
      <section aria-labelledby="verdict-heading" className="section">
        <h2 id="verdict-heading">Check</h2>
        <div aria-live="polite" data-testid="verdict">
          {verdict ? (
            <>
              <p className={`notice ${verdict.ok ? 'notice--success' : 'notice--error'}`}>
                <strong>{verdict.ok ? messages.fairDraws.verified : messages.fairDraws.notVerified}</strong>
                {verdict.ok
                  ? ''
                  : `: ${verdict.checks
                      .filter((c) => !c.ok)
                      .map((c) => c.name)
                      .join(', ')}`}
              </p>
              <ul className="checks">
                {verdict.checks.map((check) => (
                  <li key={check.name} data-ok={check.ok}>
                    {check.ok ? 'OK' : 'FAILED'}: {check.name} ({check.detail})
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>Checking…</p>
          )}
        </div>
      </section>
      <section aria-labelledby="record-heading" className="section">
        <h2 id="record-heading">Record</h2>
        <dl className="record">
          <Field term="Draw">{record.draw_id}</Field>
          <Field term="Game">{record.promotion_title || record.game}</Field>
          <Field term="Method">{record.method}</Field>
          <Field term="Commitment">
            <code className="hash">{record.commitment}</code>
          </Field>
          {record.opened_at ? <Field term="Opened">{formatGmtTime(record.opened_at)}</Field> : null}
          {record.closed_at ? <Field term="Closed">{formatGmtTime(record.closed_at)}</Field> : null}
          <Field term="Entries">
            {record.window_count} in the draw window; drawn among #{record.first_seq} to #{last} ({record.entry_count})
          </Field>
          {record.merkle_root ? (
            <Field term="Merkle root of the entries">
              <code className="hash">{record.merkle_root}</code>
            </Field>
          ) : null}
          {record.beacon ? (
            <Field term="Public randomness">
              drand round {record.beacon.round}: <code className="hash">{record.beacon.randomness}</code>
            </Field>
          ) : null}
          <Field term="Seed (revealed)">
            <code className="hash">{record.seed ?? 'not revealed'}</code>
          </Field>
          <Field term="Winning entry">
            {record.winning_seq === null
              ? record.kind === 'cleared'
                ? 'none (cleared)'
                : 'none'
              : `#${record.winning_seq}`}
            {record.winner ? `, ${record.winner}` : ''}
          </Field>
          {record.prize_lrd ? <Field term="Prize">{formatAmount(record.prize_lrd)} LRD</Field> : null}
        </dl>
      </section>
    </>
  );
}

function Field({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
