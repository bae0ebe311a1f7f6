import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { drawRecordPagePath } from '@shared/fairness/record-page';
import { ticketMessages } from '@shared/ticket-messages';
import { errorMessage } from '@web/lib/api-client';
import type { TicketOutcome } from '@shared/api/schemas/play';
import type { HouseGameKind } from '@shared/games';
import { verifyTicket } from '../api/verify-ticket';

/**
 * The ticket check's asking and answering, loaded when a player first asks
 * (the cards themselves are on the home page: its 90 KB budget keeps the
 * rest out of its chunk, DESIGN section 9).
 */

/** `drawId`: the ticket's draw once it happened, whose public record the answer links. */
type Outcome = { outcome: TicketOutcome; message: string; detail: string | null; drawId?: string };

/**
 * Three looks (DESIGN over spec section 8's green/red): a winner green with ★,
 * a valid ticket waiting for its draw neutral (not an error, no ✕), anything
 * else red with ✕. An answer without an outcome reads from isWinner.
 */
const LOOK: Record<TicketOutcome, { modifier: string; icon: string }> = {
  won: { modifier: 'winner', icon: '★' },
  waiting: { modifier: 'waiting', icon: '●' },
  lost: { modifier: 'other', icon: '✕' },
  unknown: { modifier: 'other', icon: '✕' },
};

/** Asks the game's checker about `ticket` and answers with what the card shows; throws only when aborted. */
export async function checkedTicket(
  game: HouseGameKind,
  ticket: string,
  failure: string,
  signal: AbortSignal,
): Promise<ReactElement> {
  let outcome: Outcome;
  try {
    const answer = await verifyTicket(game, ticket, signal);
    outcome = {
      outcome: answer?.outcome && answer.outcome in LOOK ? answer.outcome : answer?.isWinner === true ? 'won' : 'lost',
      message: answer?.message || ticketMessages.validated,
      detail: null,
      drawId: answer?.draw_id,
    };
  } catch (error) {
    if (signal.aborted) throw error;
    // A failed check reads as "not a winner" (spec section 8).
    outcome = { outcome: 'unknown', message: failure, detail: errorMessage(error, '') || null };
  }
  return <VerifyResult {...outcome} />;
}

function VerifyResult({ outcome, message, detail, drawId }: Outcome) {
  return (
    <div className={`verify-result verify-result--${LOOK[outcome].modifier}`} data-outcome={outcome}>
      <span className="verify-result__icon" aria-hidden="true">
        {LOOK[outcome].icon}
      </span>
      <p>{message}</p>
      {detail ? <p className="verify-result__detail">{detail}</p> : null}
      {drawId ? (
        <p className="verify-result__detail">
          <Link to={drawRecordPagePath(drawId)}>See the record of this draw</Link>
        </p>
      ) : null}
    </div>
  );
}
