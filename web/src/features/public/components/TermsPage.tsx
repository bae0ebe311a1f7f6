import { useDocumentTitle } from '@web/hooks/use-document-title';
import { site } from '@web/lib/site';
import { dailyTicketRule } from '@shared/ticket-rule';
import { useHouseGames } from '../hooks/use-house-games';
import { plainAmount } from '../game-amounts';
import { Skeleton } from './Skeleton';

/**
 * Terms from spec section 9: prices, non-refundable, payout, SMS, validity,
 * minimum stake, top prize — the prices and prizes as configured, in the
 * spec's shape ("100 LD or 0.5 USD"; bars until they arrive), validity as the
 * one late-ticket rule. A cleared draw's refund (DESIGN section 4 "Clear
 * draw") is the one exception to non-refundable.
 */
export function TermsPage() {
  useDocumentTitle('Terms & Conditions');
  const games = useHouseGames();
  return (
    <div className="page page--narrow prose">
      <h1>Terms &amp; Conditions</h1>
      <p className="lead">By entering a draw you accept these terms. {site.licensing}</p>
      <ol className="terms">
        <li aria-busy={!games}>
          {games ? (
            <>
              Each entry costs {plainAmount(games.daily.price_lrd)} LD or {plainAmount(games.daily.price_usd)} USD
              (Jackpot entries {plainAmount(games.jackpot.price_lrd)} LD or {plainAmount(games.jackpot.price_usd)} USD).
              The minimum stake is {plainAmount(games.daily.price_lrd)} LRD.
            </>
          ) : (
            <Skeleton wide />
          )}
        </li>
        <li>
          Entries are non-refundable once the payment is confirmed, unless a draw is cleared and the stakes refunded.
        </li>
        <li>A ticket is issued only when your mobile money payment is confirmed.</li>
        <li aria-busy={!games}>
          {games ? dailyTicketRule(games.daily.draw_time) : <Skeleton wide />} Jackpot tickets are valid for one week
          from issue.
        </li>
        <li>Prizes are paid to the winning mobile money number within 24 hours of the draw.</li>
        <li>Winners are notified by SMS.</li>
        <li aria-busy={!games}>
          {games ? `The top prize is up to ${plainAmount(games.jackpot.prize_cap_lrd)} LRD.` : <Skeleton wide />}
        </li>
        <li>Winners are drawn at random from the valid paid tickets of each draw; the draw record is kept.</li>
        <li>You must be 18 or older to play.</li>
        <li>
          Questions or complaints: <a href={`mailto:${site.email}`}>{site.email}</a>, available 24/7.
        </li>
      </ol>
    </div>
  );
}
