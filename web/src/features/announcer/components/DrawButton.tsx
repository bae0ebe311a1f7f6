import { useId } from 'react';
import { messages } from '@shared/messages';

export interface DrawButtonProps {
  /** No active promotion: nothing to draw. */
  hasPromotion: boolean;
  /** Today's entries in the open window have reached the threshold. */
  met: boolean;
  /** A draw runs for this promotion, the button is still busy from a click, or the draw's new window is not shown yet. */
  conducting: boolean;
  /** The server refuses a draw to a checked-out announcer: say so instead of offering it. */
  checkedIn: boolean;
  onDraw: () => void;
}

/**
 * Spec section 2: 'Conduct Draw' when today's entries reach the threshold,
 * 'Threshold Not Met' otherwise, 'Conducting Draw...' with a spinner while
 * running; disabled with no active promotion, while a draw runs, below the
 * threshold, or while the announcer is checked out (then it says why).
 */
export function DrawButton({ hasPromotion, met, conducting, checkedIn, onDraw }: DrawButtonProps) {
  const noteId = useId();
  const disabled = !hasPromotion || conducting || !met || !checkedIn;
  const why = hasPromotion && !checkedIn && !conducting ? messages.draw.notCheckedIn : null;
  return (
    <>
      <button
        type="button"
        className="button button--primary button--large draw-button"
        disabled={disabled}
        aria-busy={conducting}
        aria-describedby={why ? noteId : undefined}
        onClick={onDraw}
      >
        {conducting ? (
          <>
            <span className="spinner" aria-hidden="true" /> {messages.draw.conducting}
          </>
        ) : met ? (
          messages.draw.conduct
        ) : (
          messages.draw.notMet
        )}
      </button>
      {why ? (
        <p className="draw-button__why" id={noteId}>
          {why}
        </p>
      ) : null}
    </>
  );
}
