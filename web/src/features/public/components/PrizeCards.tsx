import { Link } from 'react-router-dom';
import { formatAmount } from '@web/lib/money';
import { useHouseGames } from '../hooks/use-house-games';
import { drawSentence } from '../schedule-text';
import { Countdown, type LinkTo } from './Countdown';
import { Skeleton } from './Skeleton';

/** "12,345.00 LRD". */
const lrd = (amount: string) => `${formatAmount(amount)} LRD`;

/** A card's amount and sentence as bars until the configured amounts arrive (no default amounts: they may not be the configured ones). */
const loading = (
  <>
    <p className="prize__amount">
      <Skeleton />
    </p>
    <p>
      <Skeleton wide />
    </p>
  </>
);

const linkTo: LinkTo = (to, text) => <Link to={to}>{text}</Link>;

/**
 * Prize cards (spec section 9), with the configured prizes and prices, the
 * live jackpot and the next draws.
 */
export function PrizeCards() {
  const games = useHouseGames();
  return (
    <section className="section" aria-labelledby="prizes-heading">
      <h2 id="prizes-heading">Prizes</h2>
      <ul className="grid grid--three prizes" aria-busy={!games}>
        <li className="card prize" data-testid="daily-prize">
          <h3>Daily Cash Giveaway</h3>
          {games ? (
            <>
              <p className="prize__amount">{lrd(games.daily.prize_lrd)}</p>
              <p>
                {drawSentence(games.daily)} Enter for {formatAmount(games.daily.price_lrd)} LRD or{' '}
                {formatAmount(games.daily.price_usd)} USD.
              </p>
              <Countdown game={games.daily} link={linkTo} />
            </>
          ) : (
            loading
          )}
          <Link className="button button--secondary" to="/daily-draw">
            Enter the daily draw
          </Link>
        </li>
        <li className="card prize" data-testid="jackpot-prize">
          <h3>Jackpot</h3>
          {games ? (
            <>
              <p className="prize__amount">{lrd(games.jackpot.prize_lrd)}</p>
              <p>
                From {lrd(games.jackpot.base_prize_lrd)} upward, growing with every ticket.{' '}
                {drawSentence(games.jackpot)} Enter for {formatAmount(games.jackpot.price_lrd)} LRD or{' '}
                {formatAmount(games.jackpot.price_usd)} USD.
              </p>
              <Countdown game={games.jackpot} link={linkTo} />
            </>
          ) : (
            loading
          )}
          <Link className="button button--secondary" to="/jackpot">
            Enter the jackpot
          </Link>
        </li>
        <li className="card prize">
          <h3>Top prize</h3>
          <p className="prize__amount">{games ? `Up to ${lrd(games.jackpot.prize_cap_lrd)}` : <Skeleton />}</p>
          <p>Paid to your mobile money within 24 hours of the draw.</p>
          <Link className="button button--secondary" to="/how-to-play">
            How to play
          </Link>
        </li>
      </ul>
    </section>
  );
}
