import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@web/hooks/use-document-title';
import { site, ussdHref } from '@web/lib/site';
import { dailyTicketRule } from '@shared/ticket-rule';
import type { PublicHouseGames } from '../api/house-games';
import { useHouseGames } from '../hooks/use-house-games';
import { shownAmount } from '../game-amounts';
import { drawWhen } from '../schedule-text';
import { Skeleton } from './Skeleton';

/** The answers, prices and draw times read from the configured house games (bars until they arrive). */
const faqOf = (games: PublicHouseGames | undefined): ReadonlyArray<{ question: string; answer: ReactNode }> => {
  const bar = <Skeleton wide />;
  return [
    {
      question: 'Do I need an account?',
      answer: 'No. You only need a mobile money number on Lonestar Cell MTN or Orange. There is nothing to register.',
    },
    {
      question: 'How much does a ticket cost?',
      answer: games
        ? `A Daily Cash Giveaway ticket costs ${shownAmount(games.daily.price_lrd)} LRD or ${shownAmount(games.daily.price_usd)} USD. A Jackpot ticket costs ${shownAmount(games.jackpot.price_lrd)} LRD or ${shownAmount(games.jackpot.price_usd)} USD. Entries are non-refundable, unless a draw is cleared and the stakes refunded.`
        : bar,
    },
    {
      question: 'How long is my ticket valid?',
      answer: games
        ? `${dailyTicketRule(games.daily.draw_time)} A jackpot ticket is valid for one week from the day it is issued.`
        : bar,
    },
    {
      question: 'How do I know if I won?',
      answer: 'Winners are told by SMS. You can also check your ticket number on the home page at any time.',
    },
    {
      question: 'When is my prize paid?',
      answer: 'Prizes are paid to the winning mobile money number within 24 hours of the draw.',
    },
    {
      question: 'I approved the payment but got no ticket. What now?',
      answer: `Tickets are issued only when the payment is confirmed. If the payment fails, no money is taken for the ticket. Still stuck? Write to ${site.email}.`,
    },
  ];
};

export function HowToPlayPage() {
  useDocumentTitle('How to Play');
  const games = useHouseGames();
  return (
    <div className="page page--narrow">
      <h1>How to Play</h1>
      <ol className="steps">
        <li className="card step">
          <h2>Choose a game</h2>
          {games ? (
            <p>
              Pick the <Link to="/daily-draw">Daily Cash Giveaway</Link>, drawn {drawWhen(games.daily)}, or the{' '}
              <Link to="/jackpot">Jackpot</Link>, drawn {drawWhen(games.jackpot)}.
            </p>
          ) : (
            <p aria-busy="true">
              <Skeleton wide />
            </p>
          )}
        </li>
        <li className="card step">
          <h2>Enter your number and amount</h2>
          <p>
            Type your mobile money number and choose an amount in LRD or USD. On any phone you can dial{' '}
            <a href={ussdHref}>{site.ussdCode}</a> instead.
          </p>
        </li>
        <li className="card step">
          <h2>Approve the payment</h2>
          <p>A payment prompt appears on your phone. Approve it with your mobile money PIN.</p>
        </li>
        <li className="card step">
          <h2>Get your ticket</h2>
          <p>Your ticket number arrives by SMS and on the page. Keep it: you can check it on the home page.</p>
        </li>
      </ol>

      <section className="section" aria-labelledby="fair-heading">
        <h2 id="fair-heading">Fair draws anyone can check</h2>
        <p>
          Each draw&apos;s commitment is public from the moment it opens, the winner comes from public randomness
          published only after the draw closes, and every draw has a record you can check yourself, including that your
          ticket was in it. <Link to="/fair-draws">See how a winner is chosen</Link>.
        </p>
      </section>

      <section className="section" aria-labelledby="faq-heading">
        <h2 id="faq-heading">Frequently asked questions</h2>
        <div className="faq">
          {faqOf(games).map((item) => (
            <details key={item.question} className="card">
              <summary>{item.question}</summary>
              <p>{item.answer}</p>
            </details>
          ))}
        </div>
      </section>

      <section className="section" aria-labelledby="responsible-heading">
        <h2 id="responsible-heading">Play responsibly</h2>
        <p>
          You must be 18 or older to play. Spend only what you can afford; you can set a daily spending limit or take a
          break from playing by USSD. <Link to="/play-responsibly">How to play responsibly</Link>.
        </p>
      </section>
    </div>
  );
}
