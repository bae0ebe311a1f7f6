import { Link } from 'react-router-dom';
import { formatAmount } from '@web/lib/money';
import { useHouseGames } from '../hooks/use-house-games';
import { drawSentence } from '../schedule-text';
import { Countdown } from './Countdown';

/** "12,345.00 LRD" once the configured amounts have arrived, "…" until then (no default amounts: they may not be the configured ones). */
const lrd = (amount: string | undefined) => (amount ? `${formatAmount(amount)} LRD` : '…');

/**
 * Prize cards (spec section 9), with the configured prizes and prices, the
 * live jackpot and the next draws.
 */
export function PrizeCards() {
  const games = useHouseGames();
  return (
    <section className="section" aria-labelledby="prizes-heading">
      <h2 id="prizes-heading">Prizes</h2>
      <ul className="grid grid--three prizes">
        <li className="card prize" data-testid="daily-prize">
          <h3>Daily Cash Giveaway</h3>
          <p className="prize__amount">{lrd(games?.daily.prize_lrd)}</p>
          <p>
            {drawSentence(games?.daily)}
            {games
              ? ` Enter for ${formatAmount(games.daily.price_lrd)} LRD or ${formatAmount(games.daily.price_usd)} USD.`
              : null}
          </p>
          {games ? <Countdown label="Next draw" at={games.daily.next_draw_at} /> : null}
          <Link className="button button--secondary" to="/daily-draw">
            Enter the daily draw
          </Link>
        </li>
        <li className="card prize" data-testid="jackpot-prize">
          <h3>Jackpot</h3>
          <p className="prize__amount">{lrd(games?.jackpot.prize_lrd)}</p>
          <p>
            {games ? `From ${lrd(games.jackpot.base_prize_lrd)} upward, growing with every ticket. ` : null}
            {drawSentence(games?.jackpot)}
            {games
              ? ` Enter for ${formatAmount(games.jackpot.price_lrd)} LRD or ${formatAmount(games.jackpot.price_usd)} USD.`
              : null}
          </p>
          {games ? <Countdown label="Next draw" at={games.jackpot.next_draw_at} /> : null}
          <Link className="button button--secondary" to="/jackpot">
            Enter the jackpot
          </Link>
        </li>
        <li className="card prize">
          <h3>Top prize</h3>
          <p className="prize__amount">Up to {lrd(games?.jackpot.prize_cap_lrd)}</p>
          <p>Paid to your mobile money within 24 hours of the draw.</p>
          <Link className="button button--secondary" to="/how-to-play">
            How to play
          </Link>
        </li>
      </ul>
    </section>
  );
}
