import type { RevealedDraw } from '../hooks/use-announcer-draw';

/**
 * Beside the draw button: the open window's seed commitment (published
 * before the draw), and after a draw the seed it revealed with a link to the
 * draw's public record page, so anyone can check SHA-256(seed) = commitment
 * and redo the pick (DESIGN section 4 "Fair draws"). Named and explained in
 * plain words for radio staff, who may read it on air.
 */
export function DrawFairness({
  commitment,
  revealed,
}: {
  commitment: string | undefined;
  revealed: RevealedDraw | undefined;
}) {
  return (
    <div className="draw-fairness">
      <p className="draw-fairness__line">
        <span className="draw-fairness__label">Fairness code:</span>{' '}
        {commitment ? (
          <code className="draw-fairness__hash" data-testid="window-commitment">
            {commitment}
          </code>
        ) : (
          <span className="empty">not published yet</span>
        )}
      </p>
      <p className="draw-fairness__explain">
        This code was fixed before any entry of this draw. It locks in a secret number that, with public randomness
        drawn after the entries close, picks the winner: nobody, not even us, can choose or know the winner in advance.
        After the draw, its public page shows the secret, and anyone can check it against this code.
      </p>
      {revealed ? (
        <div className="draw-fairness__revealed" role="status" data-testid="revealed-draw">
          <p className="draw-fairness__line">
            <span className="draw-fairness__label">Last draw's secret:</span>{' '}
            {revealed.seed ? (
              <code className="draw-fairness__hash" data-testid="revealed-seed">
                {revealed.seed}
              </code>
            ) : (
              <span className="empty">in the public record</span>
            )}
          </p>
          {revealed.commitment ? (
            <p className="draw-fairness__line">
              <span className="draw-fairness__label">Its fairness code:</span>{' '}
              <code className="draw-fairness__hash">{revealed.commitment}</code>
            </p>
          ) : null}
          <p className="draw-fairness__line">
            <a href={revealed.recordUrl} target="_blank" rel="noreferrer">
              Public draw record: check this draw<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        </div>
      ) : null}
    </div>
  );
}
