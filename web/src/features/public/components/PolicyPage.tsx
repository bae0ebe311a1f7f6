import { OrCallUs } from './SiteContact';
import { useDocumentTitle } from '@web/hooks/use-document-title';
import { site } from '@web/lib/site';

export function PolicyPage() {
  useDocumentTitle('Privacy Policy');
  return (
    <div className="page page--narrow prose">
      <h1>Privacy Policy</h1>
      <p className="lead">
        This policy explains what {site.name} collects when you play, why, and how it is protected.
      </p>

      <h2>What we collect</h2>
      <ul>
        <li>Your mobile money number and the amount and game of each entry.</li>
        <li>The payment reference of your mobile money provider and whether the payment succeeded.</li>
        <li>Your ticket numbers, and for winners the prize and the payout.</li>
        <li>For staff only: name, email and a sign-in session kept in a secure cookie.</li>
      </ul>

      <h2>Why we use it</h2>
      <ul>
        <li>To take your payment, issue your ticket and send it to you by SMS.</li>
        <li>To run draws fairly, pay winners and tell them by SMS.</li>
        <li>To keep the records our licence and the tax authority require.</li>
        <li>To stop abuse, such as payment prompts sent again and again to someone else's phone.</li>
      </ul>

      <h2>What we show publicly</h2>
      <p>
        Winners lists never show a full phone number: only the first four and last two characters are kept, the rest are
        hidden.
      </p>

      <h2>Who we share it with</h2>
      <p>
        Your mobile money provider (to collect payments and pay prizes), the SMS gateway (to send your ticket), and the
        authorities when the law requires it. We do not sell your data.
      </p>

      <h2>Cookies</h2>
      <p>Players are not tracked. Staff sign-in uses one secure session cookie that ends when they log out.</p>

      <h2>Contact</h2>
      <p>
        Questions about your data: <a href={`mailto:${site.email}`}>{site.email}</a>
        <OrCallUs />.
      </p>
    </div>
  );
}
