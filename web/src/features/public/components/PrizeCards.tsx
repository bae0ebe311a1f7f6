import { Link } from 'react-router-dom';
import { useHouseGames } from '../hooks/use-house-games';
import { drawSentence, gameOf, jackpotRange, wholeLrd } from '../schedule-text';
import { Countdown } from './Countdown';

/** Prize cards (spec section 9), with the configured prizes, the live jackpot and the next draws (issue 20 item 2). */
export function PrizeCards() {
  const games = useHouseGames();
  const daily = gameOf('daily', games);
  const jackpot = gameOf('jackpot', games);
  const range = jackpotRange(games);
  return (
    <section className="section" aria-labelledby="prizes-heading">
      <h2 id="prizes-heading">Prizes</h2>
      <ul className="grid grid--three prizes">
        <li className="card prize" data-testid="daily-prize">
          <h3>Daily Cash Giveaway</h3>
          <p className="prize__amount">{wholeLrd(daily.prize_lrd)} LRD</p>
          <p>
            {drawSentence(daily)} Enter for {daily.price_lrd} LRD or {daily.price_usd} USD.
          </p>
          {daily.next_draw_at ? <Countdown label="Next draw" at={daily.next_draw_at} /> : null}
          <Link className="button button--secondary" to="/daily-draw">
            Enter the daily draw
          </Link>
        </li>
        <li className="card prize" data-testid="jackpot-prize">
          <h3>Jackpot</h3>
          <p className="prize__amount">{wholeLrd(jackpot.prize_lrd)} LRD</p>
          <p>
            From {range.from} LRD upward, growing with every ticket. {drawSentence(jackpot)} Enter for {jackpot.price_lrd} LRD or{' '}
            {jackpot.price_usd} USD.
          </p>
          {jackpot.next_draw_at ? <Countdown label="Next draw" at={jackpot.next_draw_at} /> : null}
          <Link className="button button--secondary" to="/jackpot">
            Enter the jackpot
          </Link>
        </li>
        <li className="card prize">
          <h3>Top prize</h3>
          <p className="prize__amount">Up to {range.upTo} LRD</p>
          <p>Paid to your mobile money within 24 hours of the draw.</p>
          <Link className="button button--secondary" to="/how-to-play">
            How to play
          </Link>
        </li>
      </ul>
    </section>
  );
}
