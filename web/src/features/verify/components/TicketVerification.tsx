import { useEffect, useId, useRef, useState, type FormEvent, type ReactElement } from 'react';
import type { HouseGameKind } from '@shared/games';
import { ticketMessages } from '@shared/ticket-messages';

const CARDS: ReadonlyArray<{ game: HouseGameKind; title: string; failure: string }> = [
  { game: 'daily', title: 'Daily Draw ticket', failure: ticketMessages.dailyFailed },
  { game: 'jackpot', title: 'Jackpot ticket', failure: ticketMessages.jackpotFailed },
];

/** The home page's ticket check, a card per house game, each asking its game's route (spec sections 2, 4, 5 and 8). */
export function TicketVerification() {
  return (
    // the players' menu links here (/#check-ticket)
    <section className="section" id="check-ticket" tabIndex={-1} aria-labelledby="verify-heading">
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

function TicketCheckCard({ game, title, failure }: (typeof CARDS)[number]) {
  const id = useId();
  const [ticketNumber, setTicketNumber] = useState('');
  const [checking, setChecking] = useState(false);
  const [answer, setAnswer] = useState<ReactElement | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => () => inFlight.current?.abort(), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ticket = ticketNumber.trim();
    if (!ticket || checking) return; // empty or whitespace-only input is ignored (spec section 5)

    const controller = new AbortController();
    inFlight.current = controller;
    setChecking(true);
    setAnswer(null);
    try {
      // the asking and its answers' looks come with the first check (not in the home page's chunk)
      const { checkedTicket } = await import('./verify-result');
      setAnswer(await checkedTicket(game, ticket, failure, controller.signal));
    } catch {
      // only the answer's code failed to load (offline): a failed check reads as "not a winner" (spec section 8)
      if (!controller.signal.aborted)
        setAnswer(
          <div className="verify-result verify-result--other" data-outcome="unknown">
            <p>{failure}</p>
          </div>,
        );
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
      <div aria-live="polite">{answer}</div>
    </form>
  );
}
