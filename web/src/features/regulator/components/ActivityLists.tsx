import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { formatGmtDate } from '@web/lib/dates';
import { dateTime } from '@web/lib/staff-dates';
import { staffLrd } from '@web/lib/staff-money';
import { drawsQuery, payoutsQuery, unclaimedQuery } from '../api/regulator';

/** Every draw of today as it happens, each linking to its public record. */
export function DrawList({ regulatorId }: { regulatorId: string }) {
  const draws = useQuery(drawsQuery(regulatorId));
  return (
    <section aria-labelledby="draws-title" className="regulator-section">
      <h2 id="draws-title">Draws today</h2>
      {!draws.data ? (
        <p role="status">Loading draws…</p>
      ) : draws.data.draws.length === 0 ? (
        <p>No draw yet today.</p>
      ) : (
        <ul>
          {draws.data.draws.map((draw) => (
            <li key={draw.draw_id}>
              {dateTime(draw.drawn_at)} · {draw.promotion_title} · {draw.entry_count} entries · winner{' '}
              {draw.winner ?? 'none'} · <Link to={`/draws/${encodeURIComponent(draw.draw_id)}`}>public record</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Every payout and refund, newest first, numbers masked. */
export function PayoutList({ regulatorId }: { regulatorId: string }) {
  const payouts = useQuery(payoutsQuery(regulatorId));
  return (
    <section aria-labelledby="payouts-title" className="regulator-section">
      <h2 id="payouts-title">Payouts and refunds</h2>
      <div className="regulator-scroll" role="region" aria-label="Payouts and refunds" tabIndex={0}>
        <table>
          <caption>Newest first</caption>
          <thead>
            <tr>
              <th scope="col">Started</th>
              <th scope="col">Kind</th>
              <th scope="col">To</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {(payouts.data?.payouts ?? []).map((payout) => (
              <tr key={payout.id}>
                <td>{dateTime(payout.startedAt)}</td>
                <td>{payout.kind}</td>
                <td>{payout.to}</td>
                <td>
                  {payout.currency} {payout.amount}
                </td>
                <td>{payout.reason ? `${payout.status} (${payout.reason})` : payout.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Prizes held for a claim, and the unclaimed-prizes balance (issue 36 part 4). */
export function UnclaimedPrizes({ regulatorId }: { regulatorId: string }) {
  const view = useQuery(unclaimedQuery(regulatorId));
  if (!view.data) return null;
  return (
    <section aria-labelledby="unclaimed-title" className="regulator-section">
      <h2 id="unclaimed-title">Held and unclaimed prizes</h2>
      <p>Unclaimed-prizes balance: {staffLrd(view.data.unclaimed.total)}</p>
      <ul aria-label="Held prizes">
        {view.data.held.map((prize) => (
          <li key={prize.drawId}>
            {prize.promotion} · {staffLrd(prize.amount)} · {prize.winner} · {prize.reason} · claim by{' '}
            {formatGmtDate(prize.claimDeadline)}
          </li>
        ))}
      </ul>
    </section>
  );
}
