import { Link } from 'react-router-dom';
import type { PublicDrawRecord } from '@shared/api/schemas/draws';
import { voidReasonLabel } from '@shared/redraw';
import { formatGmtTime } from '@web/lib/dates';

/**
 * A winner voided for cause and its redraw (issue 36 part 1): each record links to the other with the
 * reason, so no attempt is silent (GLI-31, AGCO re-draw rules).
 */
export function RedrawLinks({ record }: { record: PublicDrawRecord }) {
  if (!record.voided && !record.redraw_of) return null;
  return (
    <section aria-label="Redraw" className="section" data-testid="redraw-links">
      {record.voided ? (
        <p className="notice notice--error">
          <strong>Voided for cause: {voidReasonLabel[record.voided.reason]}</strong> ({formatGmtTime(record.voided.at)}
          ). The prize was redrawn:{' '}
          <Link to={`/draws/${record.voided.redraw_id}`}>redraw {record.voided.redraw_id}</Link>.
        </p>
      ) : null}
      {record.redraw_of ? (
        <p className="notice notice--info">
          <strong>
            Redraw of <Link to={`/draws/${record.redraw_of.draw_id}`}>{record.redraw_of.draw_id}</Link>
          </strong>{' '}
          — {voidReasonLabel[record.redraw_of.reason]}. The same entries, seed and Merkle root; new public randomness
          after the void; voided entries passed over: {(record.excluded_seqs ?? []).map((seq) => `#${seq}`).join(', ')}.
        </p>
      ) : null}
    </section>
  );
}
