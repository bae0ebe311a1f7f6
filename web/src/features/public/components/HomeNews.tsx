import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { drawRecordPagePath } from '@shared/fairness/record-page';
import { formatGmtDate } from '@web/lib/dates';
import { formatAmount } from '@web/lib/money';
import { fetchResults, type PublicResult } from '../api/results';
import { usePublicSite } from '../hooks/use-public-site';
import { Skeleton } from './Skeleton';

const TYPE_LABEL = { important: 'Important', winner: 'Winners', update: 'Update' } as const;

/** The newest result of each house game (the answer is newest first), as the Results page words them. */
function useLatestResults(): PublicResult[] | null | undefined {
  const [latest, setLatest] = useState<PublicResult[] | null>();
  useEffect(() => {
    const controller = new AbortController();
    fetchResults(controller.signal).then(
      (answer) => {
        const results = answer?.results ?? [];
        setLatest(['daily', 'jackpot'].flatMap((game) => results.find((r) => r.game === game) ?? []));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not load the latest results', error);
        setLatest(null);
      },
    );
    return () => controller.abort();
  }, []);
  return latest;
}

function LatestResults() {
  const latest = useLatestResults();
  return (
    <section className="section" aria-labelledby="latest-heading">
      <h2 id="latest-heading">Latest results</h2>
      {latest === undefined ? (
        <p aria-busy="true">
          <Skeleton wide />
        </p>
      ) : latest === null ? (
        <p className="notice notice--error">The latest results could not be loaded right now.</p>
      ) : latest.length === 0 ? (
        <p className="empty">No draws yet.</p>
      ) : (
        <ul className="grid grid--three results" data-testid="latest-results">
          {latest.map((result) => (
            <li key={result.draw_id} className="card result" data-draw-id={result.draw_id}>
              <h3>
                {result.title}, <time dateTime={result.drawn_at}>{formatGmtDate(result.drawn_at)}</time>
              </h3>
              <p>
                {result.winner && result.prize_lrd
                  ? `Won by ${result.winner}: ${formatAmount(result.prize_lrd)} LRD`
                  : 'No tickets in this draw: no winner.'}
              </p>
              <Link to={drawRecordPagePath(result.draw_id)}>
                See the draw record<span className="visually-hidden"> of {result.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/results">All past results</Link>
      </p>
    </section>
  );
}

function Announcements() {
  const site = usePublicSite();
  return (
    <section className="section" aria-labelledby="announcements-heading">
      <h2 id="announcements-heading">Announcements</h2>
      {site === undefined ? (
        <p aria-busy="true">
          <Skeleton wide />
        </p>
      ) : !site || site.announcements.length === 0 ? (
        <p className="empty">No announcements right now.</p>
      ) : (
        <ul className="grid grid--three announcements">
          {site.announcements.map((item) => (
            <li key={item.id} className={`card announcement announcement--${item.type}`}>
              <p className="announcement__meta">
                <span className="badge">{TYPE_LABEL[item.type]}</span>
                <time dateTime={item.date}>{formatGmtDate(item.date)}</time>
              </p>
              <h3>{item.title}</h3>
              <p>{item.message}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The home page's news (issue 35 item 7): the latest daily and jackpot
 * results with their masked winners, and the admins' announcements. Its own
 * chunk, fetched as it comes near (components/WhenNear.tsx): the home page's budget has no room.
 */
export function HomeNews() {
  return (
    <>
      <LatestResults />
      <Announcements />
    </>
  );
}
