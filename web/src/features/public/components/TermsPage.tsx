import { useDocumentTitle } from '../../../hooks/use-document-title';
import { site } from '../../../lib/site';

/** Terms from spec section 9: prices, non-refundable, payout, SMS, validity, minimum stake, top prize. */
export function TermsPage() {
  useDocumentTitle('Terms & Conditions');
  return (
    <div className="page page--narrow prose">
      <h1>Terms &amp; Conditions</h1>
      <p className="lead">
        By entering a draw you accept these terms. {site.licensing}
      </p>
      <ol className="terms">
        <li>Each entry costs 100 LD or 0.5 USD (Jackpot entries 200 LD or 1 USD). The minimum stake is 100 LRD.</li>
        <li>Entries are non-refundable once the payment is confirmed.</li>
        <li>A ticket is issued only when your mobile money payment is confirmed.</li>
        <li>Daily tickets are valid only on the day they are issued. Jackpot tickets are valid for one week from issue.</li>
        <li>Prizes are paid to the winning mobile money number within 24 hours of the draw.</li>
        <li>Winners are notified by SMS.</li>
        <li>The top prize is up to 1,000,000 LRD.</li>
        <li>Winners are drawn at random from the valid paid tickets of each draw; the draw record is kept.</li>
        <li>You must be 18 or older to play.</li>
        <li>
          Questions or complaints: <a href={`mailto:${site.email}`}>{site.email}</a>, available 24/7.
        </li>
      </ol>
    </div>
  );
}
