import { Link } from 'react-router-dom';

/** Prize cards (spec section 9): daily 5,000 or 10,000 LRD; jackpot from 25,000 LRD upward. */
export function PrizeCards() {
  return (
    <section className="section" aria-labelledby="prizes-heading">
      <h2 id="prizes-heading">Prizes</h2>
      <ul className="grid grid--three prizes">
        <li className="card prize">
          <h3>Daily Cash Giveaway</h3>
          <p className="prize__amount">5,000 or 10,000 LRD</p>
          <p>Drawn every day. Enter for 100.00 LRD or 0.50 USD.</p>
          <Link className="button button--secondary" to="/daily-draw">
            Enter the daily draw
          </Link>
        </li>
        <li className="card prize">
          <h3>Jackpot</h3>
          <p className="prize__amount">From 25,000 LRD upward</p>
          <p>Drawn every Sunday. Enter for 200.00 LRD or 1.00 USD.</p>
          <Link className="button button--secondary" to="/jackpot">
            Enter the jackpot
          </Link>
        </li>
        <li className="card prize">
          <h3>Top prize</h3>
          <p className="prize__amount">Up to 1,000,000 LRD</p>
          <p>Paid to your mobile money within 24 hours of the draw.</p>
          <Link className="button button--secondary" to="/how-to-play">
            How to play
          </Link>
        </li>
      </ul>
    </section>
  );
}
