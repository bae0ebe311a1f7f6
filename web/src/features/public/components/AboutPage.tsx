import { useDocumentTitle } from '@web/hooks/use-document-title';
import { formatGmtDate } from '@web/lib/dates';
import { site } from '@web/lib/site';
import { useHouseGames } from '../hooks/use-house-games';
import { drawDays } from '../schedule-text';
import { Skeleton } from './Skeleton';

const VALUES: ReadonlyArray<{ title: string; text: string }> = [
  {
    title: 'Fair',
    text: 'Every winner is drawn at random from the paid tickets of a draw, and every draw is recorded.',
  },
  { title: 'Open', text: 'Prices, prizes, draw times and rules are published on this site before you pay.' },
  { title: 'Fast', text: 'Prizes are paid by mobile money within 24 hours of the draw.' },
  { title: 'For everyone', text: 'Play on the web or by USSD from any phone, in all 15 counties of Liberia.' },
];

export function AboutPage() {
  useDocumentTitle('About Us');
  const games = useHouseGames();
  const capital = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;
  return (
    <div className="page page--narrow">
      <h1>About Us</h1>
      <p className="lead">
        {site.name} is a Liberian digital raffle. {site.licensing} {site.mobileMoneyPartners}
      </p>

      <section className="section" aria-labelledby="mission-heading">
        <h2 id="mission-heading">Our mission</h2>
        <p>
          To give every Liberian a fair, simple and safe chance to win, with no registration, small stakes, and prizes
          paid straight to mobile money. Part of every ticket supports the radio stations that run draws on air.
        </p>
      </section>

      <section className="section" aria-labelledby="values-heading">
        <h2 id="values-heading">Our values</h2>
        <ul className="grid grid--two">
          {VALUES.map((value) => (
            <li key={value.title} className="card">
              <h3>{value.title}</h3>
              <p>{value.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="timeline-heading">
        <h2 id="timeline-heading">Timeline</h2>
        <ol className="timeline">
          <li>
            <time dateTime={site.launchDate}>{formatGmtDate(site.launchDate)}</time>
            <p>Draws open to players: the Daily Cash Giveaway and the Jackpot, on the web and by USSD.</p>
          </li>
          {games ? (
            <>
              <li>
                <span className="timeline__when">{capital(drawDays(games.daily))}</span>
                <p>
                  The Daily Cash Giveaway is drawn at {games.daily.draw_time} GMT, and partner radio stations hold draws
                  live on air.
                </p>
              </li>
              <li>
                <span className="timeline__when">{capital(drawDays(games.jackpot))}</span>
                <p>The Jackpot is drawn at {games.jackpot.draw_time} GMT.</p>
              </li>
            </>
          ) : (
            <li aria-busy="true">
              <Skeleton wide />
            </li>
          )}
        </ol>
      </section>
    </div>
  );
}
