import { messages } from '@shared/messages';
import { topicRef } from '@shared/topics';
import { EntriesChart } from '@web/components/staff/EntriesChart';
import { ErrorNotice } from '@web/components/staff/ErrorNotice';
import { LiveClock } from '@web/components/staff/LiveClock';
import { LoadingStatus } from '@web/components/staff/LoadingStatus';
import { useTopic } from '@web/hooks/use-topic';
import { CardSection } from '../components/CardSection';
import { FailedPrizePayouts } from '../components/FailedPrizePayouts';
import { currentFigureCards, SECTION_TITLES, winnersAndTaxCards, yearToDateCards } from '../components/overview-cards';
import { RecentDraws } from '../components/RecentDraws';
import { TaxFiling } from '../components/TaxFiling';
import { useAdmin } from '@web/hooks/use-admin';
import '../components/overview.css';

const ADMIN_OVERVIEW = topicRef('adminOverview');

/**
 * /v1/admin/{id}/overview — the general entries dashboard (spec section 2
 * "Overview", section 3 "Dashboard overview record"): live from
 * `admin/overview`, whose four events each carry part of the record. Every
 * figure and trend is the server's; the Username is the signed-in admin's.
 */
export function OverviewScreen() {
  const { user } = useAdmin();
  const { data, refused } = useTopic(ADMIN_OVERVIEW);
  const { today, yearToDate: year, winnersAndTax: winners } = data;

  return (
    <>
      <div className="overview-head">
        <div>
          <h1 className="staff-title">{messages.overview.title}</h1>
          <p className="staff-subtitle">{messages.overview.welcome}</p>
          {user ? (
            <p className="overview-user">
              Signed in as <strong>{user.username}</strong>
            </p>
          ) : null}
        </div>
        <LiveClock />
      </div>
      {refused ? (
        <ErrorNotice>{refused}</ErrorNotice>
      ) : !today || !year || !winners ? (
        <LoadingStatus className="page-loading" text="Loading the overview…" />
      ) : (
        <>
          <CardSection
            title={SECTION_TITLES.current}
            note={`today, ${today.Day} (GMT)`}
            cards={currentFigureCards(today, winners)}
          />
          <CardSection title={SECTION_TITLES.yearToDate} note={`${year.Year} (GMT)`} cards={yearToDateCards(year)} />
          <CardSection title={SECTION_TITLES.winnersAndTax} note="in LRD" cards={winnersAndTaxCards(winners)} />
          <FailedPrizePayouts payouts={winners.FailedPrizePayouts} />
          <section className="staff-card overview-chart" aria-label="Entries chart">
            <EntriesChart
              points={year.EntriesSeries.map(({ day, entries }) => ({ day, entries }))}
              title="Paid entries, last 14 days"
            />
          </section>
          <RecentDraws draws={year.Draws} />
          <TaxFiling filing={data.taxFiling} />
        </>
      )}
    </>
  );
}
