import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { JackpotNow } from '@web/features/public/components/JackpotNow';
import { PrizeCards } from '@web/features/public/components/PrizeCards';
import { TicketVerification } from '@web/features/verify/components/TicketVerification';
import { WhenNear } from '@web/components/WhenNear';
import { useDocumentTitle } from '@web/hooks/use-document-title';
import { lazyPage } from '@web/lib/lazy-page';
import { site, ussdHref } from '@web/lib/site';

// the latest results and the announcements: their own chunk, fetched as they come near (the 90 KB budget)
const HomeNews = lazyPage(
  () => import('@web/features/public/components/HomeNews'),
  (m) => m.HomeNews,
);

/** `/` (spec section 2): composes the public and verify features. */
export function HomePage() {
  useDocumentTitle(null);
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-heading">
        <div className="hero__inner">
          <h1 id="hero-heading">Win cash with Liberia's digital raffle</h1>
          <p className="lead">
            Enter from your phone with mobile money in seconds. No registration — just your number and a ticket. Or dial{' '}
            <a href={ussdHref}>{site.ussdCode}</a> on any phone.
          </p>
          <JackpotNow />
          <div className="hero__actions">
            <Link className="button button--primary button--large" to="/daily-draw">
              Daily Draw
            </Link>
            <Link className="button button--accent button--large" to="/jackpot">
              Jackpot
            </Link>
          </div>
          <p className="hero__small">{site.licensing}</p>
        </div>
      </section>
      <div className="page">
        <PrizeCards />
        <TicketVerification />
        <WhenNear>
          <Suspense fallback={null}>
            <HomeNews />
          </Suspense>
        </WhenNear>
      </div>
    </div>
  );
}
