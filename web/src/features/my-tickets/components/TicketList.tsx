import { Link } from 'react-router-dom';
import { formatGmtMoment } from '@shared/dates';
import { myTicketsMessages } from '@shared/my-tickets';
import { formatTicketNumber } from '@shared/ticket-number';
import type { TicketsList } from '../api/my-tickets';

/** How a status looks: a win green, a ticket still in play neutral, the rest plain. */
const LOOK: Record<TicketsList['tickets'][number]['status'], string> = {
  won: 'notice notice--success',
  waiting: 'notice notice--info',
  carried: 'notice notice--info',
  lost: 'notice',
  expired: 'notice',
  refunded: 'notice',
};

/** The number's list, as USSD My tickets gives it: payments still to come first, then the tickets, newest first. */
export function TicketList({ list }: { list: TicketsList }) {
  if (list.tickets.length === 0 && list.pending.length === 0)
    return <p className="notice notice--info">{myTicketsMessages.noTickets}</p>;
  return (
    <>
      {list.pending.length > 0 ? (
        <section className="section" aria-labelledby="pending-heading">
          <h2 id="pending-heading">Waiting for payment</h2>
          <ul className="grid">
            {list.pending.map((entry) => (
              <li key={entry.entry_id} className="card" data-entry-id={entry.entry_id}>
                <p>
                  <strong>{entry.game}</strong>, {entry.amount}: no ticket yet, the payment has not been confirmed.
                </p>
                <p className="form__hint">Entered {formatGmtMoment(entry.created_at)}</p>
                {entry.entry_page ? <Link to={entry.entry_page}>Follow this payment</Link> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="section" aria-labelledby="tickets-heading">
        <h2 id="tickets-heading">Tickets</h2>
        {list.tickets.length === 0 ? (
          <p>{myTicketsMessages.noTickets}</p>
        ) : (
          <ul className="grid">
            {list.tickets.map((ticket) => (
              <li key={ticket.entry_id} className="card" data-ticket={ticket.ticket_number}>
                <p>
                  <strong className="ticket-number">{formatTicketNumber(ticket.ticket_number)}</strong> {ticket.game}
                </p>
                <p className={LOOK[ticket.status]} data-status={ticket.status}>
                  {ticket.status_text}
                  {ticket.draw_time ? ` (draw: ${ticket.draw_time})` : ''}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
