import type { RevealedDraw } from '../hooks/use-announcer-draw';

/**
 * Beside the draw button: the open window's seed commitment (published
 * before the draw), and after a draw the seed it revealed with a link to the
 * draw's public record, so anyone can check SHA-256(seed) = commitment and
 * redo the pick (DESIGN section 5 "Draw record").
 */
export function DrawFairness({ commitment, revealed }: { commitment: string | undefined; revealed: RevealedDraw | undefined }) {
  return (
    <div className="draw-fairness">
      <p className="draw-fairness__line">
        <span className="draw-fairness__label">Seed commitment:</span>{' '}
        {commitment ? (
          <code className="draw-fairness__hash" data-testid="window-commitment">
            {commitment}
          </code>
        ) : (
          <span className="empty">not published yet</span>
        )}
      </p>
      {revealed ? (
        <div className="draw-fairness__revealed" role="status" data-testid="revealed-draw">
          <p className="draw-fairness__line">
            <span className="draw-fairness__label">Last draw's seed:</span>{' '}
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
              <span className="draw-fairness__label">Its commitment:</span>{' '}
              <code className="draw-fairness__hash">{revealed.commitment}</code>
            </p>
          ) : null}
          <p className="draw-fairness__line">
            <a href={revealed.recordUrl} target="_blank" rel="noreferrer">
              Public draw record<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        </div>
      ) : null}
    </div>
  );
}
