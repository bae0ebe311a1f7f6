import { OrCallUs } from './SiteContact';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@web/hooks/use-document-title';
import { site, ussdHref } from '@web/lib/site';

/**
 * Play responsibly: the rules, the limits and
 * self-exclusion a player sets by USSD on their own number (the phone proves
 * it is theirs, so none of it is offered here), and where to get help.
 */
export function PlayResponsiblyPage() {
  useDocumentTitle('Play responsibly');
  return (
    <div className="page page--narrow">
      <h1>Play responsibly</h1>
      <p>A raffle is entertainment, not a way to make money. Most tickets do not win.</p>

      <section className="section" aria-labelledby="rules-heading">
        <h2 id="rules-heading">The rules</h2>
        <ul>
          <li>You must be 18 or older to play. Entries from anyone younger are not allowed.</li>
          <li>Spend only what you can afford to lose. Never use money meant for food, rent, school fees or debts.</li>
          <li>Do not chase losses: buying more tickets does not make a win due.</li>
          <li>Set yourself a limit before you play, and stop when you reach it.</li>
        </ul>
      </section>

      <section className="section" aria-labelledby="limit-heading">
        <h2 id="limit-heading">A daily spending limit</h2>
        <p>
          You can limit what your number may spend on tickets each day (GMT). Dial{' '}
          <a href={ussdHref}>{site.ussdCode}</a>, choose <strong>6. Play responsibly</strong>, then{' '}
          <strong>1. Daily spending limit</strong>, and enter the most you want to spend in a day in LRD. An entry that
          would pass it is refused before any payment prompt. You confirm a new limit before it is set. A lower limit
          holds at once; a higher one only 24 hours after you confirm it, so a limit set in a calm moment cannot be
          undone in a heated one.
        </p>
      </section>

      <section className="section" aria-labelledby="exclusion-heading">
        <h2 id="exclusion-heading">Take a break: self-exclusion</h2>
        <p>
          You can stop your number from playing for 1 month, 6 months or permanently. Dial{' '}
          <a href={ussdHref}>{site.ussdCode}</a>, choose <strong>6. Play responsibly</strong>, then{' '}
          <strong>2. Stop playing for a while</strong>, pick the period and confirm. Every entry from that number, on
          this website and by USSD, is then refused until the period ends.
        </p>
        <p>A break cannot be shortened by USSD, and a permanent one cannot be lifted there.</p>
      </section>

      <section className="section" aria-labelledby="tickets-heading">
        <h2 id="tickets-heading">Know what you have spent</h2>
        <p>
          Dial <a href={ussdHref}>{site.ussdCode}</a> and choose <strong>5. My tickets</strong> to see your last tickets
          and whether they won, or to get the list by SMS.
        </p>
      </section>

      <section className="section" aria-labelledby="help-heading">
        <h2 id="help-heading">Where to get help</h2>
        <p>
          If playing no longer feels like fun, talk to someone you trust, or to a doctor, nurse or counsellor at your
          nearest health centre. Our support team can also exclude your number for you: write to{' '}
          <a href={`mailto:${site.email}`}>{site.email}</a>
          <OrCallUs />.
        </p>
        <p>
          See also <Link to="/how-to-play">How to Play</Link> and our{' '}
          <Link to="/terms/conditions">Terms &amp; Conditions</Link>.
        </p>
      </section>
    </div>
  );
}
