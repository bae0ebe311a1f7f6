import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { drawRecordPagePath } from '@shared/fairness/record-page';
import { ticketMessages } from '@shared/ticket-messages';
import { errorMessage } from '@web/lib/api-client';
import type { TicketOutcome } from '@shared/api/schemas/play';
import type { HouseGameKind } from '@shared/games';
import { verifyTicket } from '../api/verify-ticket';

interface CardSpec {
  game: HouseGameKind;
  title: string;
  failure: string;
}

const CARDS: readonly CardSpec[] = [
  { game: 'daily', title: 'Daily Draw ticket', failure: ticketMessages.dailyFailed },
  { game: 'jackpot', title: 'Jackpot ticket', failure: ticketMessages.jackpotFailed },
];

/** The home page's ticket check, a card per house game, each asking its game's route (spec sections 2, 4, 5 and 8). */
export function TicketVerification() {
  return (
    <section className="section" aria-labelledby="verify-heading">
      <h2 id="verify-heading">Check your ticket</h2>
      <p>Enter the ticket number from your SMS to see whether it is valid or has won.</p>
      <div className="grid grid--two">
        {CARDS.map((card) => (
          <TicketCheckCard key={card.game} {...card} />
        ))}
      </div>
    </section>
  );
}

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

function TicketCheckCard({ game, title, failure }: CardSpec) {
  const id = useId();
  const [ticketNumber, setTicketNumber] = useState('');
  const [checking, setChecking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => () => inFlight.current?.abort(), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ticket = ticketNumber.trim();
    if (!ticket || checking) return; // empty or whitespace-only input is ignored (spec section 5)

    const controller = new AbortController();
    inFlight.current = controller;
    setChecking(true);
    setOutcome(null);
    try {
      const answer = await verifyTicket(game, ticket, controller.signal);
      const outcome =
        answer?.outcome && answer.outcome in LOOK ? answer.outcome : answer?.isWinner === true ? 'won' : 'lost';
      setOutcome({
        outcome,
        message: answer?.message || ticketMessages.validated,
        detail: null,
        drawId: answer?.draw_id,
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      // A failed check reads as "not a winner" (spec section 8).
      const server = errorMessage(error, '');
      setOutcome({ outcome: 'unknown', message: failure, detail: server || null });
    } finally {
      if (!controller.signal.aborted) setChecking(false);
    }
  };

  return (
    <form className="card verify-card" onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      <div className="field">
        <label htmlFor={`${id}-ticket`}>Ticket number</label>
        <input
          id={`${id}-ticket`}
          name="ticket_number"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          value={ticketNumber}
          onChange={(event) => setTicketNumber(event.target.value)}
        />
      </div>
      <button type="submit" className="button button--primary" disabled={checking}>
        {checking ? 'Checking…' : 'Verify ticket'}
      </button>
      <div aria-live="polite">
        {outcome ? (
          <div
            className={`verify-result verify-result--${LOOK[outcome.outcome].modifier}`}
            data-outcome={outcome.outcome}
          >
            <span className="verify-result__icon" aria-hidden="true">
              {LOOK[outcome.outcome].icon}
            </span>
            <p>{outcome.message}</p>
            {outcome.detail ? <p className="verify-result__detail">{outcome.detail}</p> : null}
            {outcome.drawId ? (
              <p className="verify-result__detail">
                <Link to={drawRecordPagePath(outcome.drawId)}>See the record of this draw</Link>
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </form>
  );
}
