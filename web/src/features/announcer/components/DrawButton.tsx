import { messages } from '@shared/messages';

export interface DrawButtonProps {
  /** No active promotion: nothing to draw. */
  hasPromotion: boolean;
  /** Today's entries in the open window have reached the threshold. */
  met: boolean;
  /** A draw runs for this promotion, or the button is still busy from a click. */
  conducting: boolean;
  onDraw: () => void;
}

/**
 * Spec section 2: 'Conduct Draw' when today's entries reach the threshold,
 * 'Threshold Not Met' otherwise, 'Conducting Draw...' with a spinner while
 * running; disabled with no active promotion, while a draw runs, or below
 * the threshold.
 */
export function DrawButton({ hasPromotion, met, conducting, onDraw }: DrawButtonProps) {
  const disabled = !hasPromotion || conducting || !met;
  return (
    <button
      type="button"
      className="button button--primary button--large draw-button"
      disabled={disabled}
      aria-busy={conducting}
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
  );
}
