import { Link, useParams } from 'react-router-dom';
import type { AnnouncerDashboard } from '@shared/api/schemas/dashboards';
import { onAirMessages } from '@shared/on-air-messages';
import { ProgressBar } from '@web/components/staff/ProgressBar';
import { StatCard } from '@web/components/staff/StatCard';
import { formatWhole } from '@web/lib/money';
import { formatStaffLrd, staffLrd, totalBalanceCents } from '@web/lib/staff-money';
import {
  allWinners,
  recentWinners,
  STATISTICS_SCALES,
  thresholdMet,
  totalCounts,
  windowKeyOf,
  type AnnouncerPromotion,
} from '../figures';
import type { AnnouncerDraw } from '../hooks/use-announcer-draw';
import { DrawButton } from './DrawButton';
import { DrawFairness } from './DrawFairness';
import { RecentWinners } from './RecentWinners';

export interface DashboardTabProps {
  dashboard: AnnouncerDashboard;
  active: AnnouncerPromotion | undefined;
  draw: AnnouncerDraw;
}

/** Spec section 2, announcer "Dashboard tab". */
export function DashboardTab({ dashboard, active, draw }: DashboardTabProps) {
  // the open window's entries, not today's: a draw resets them (DESIGN section 4)
  const daily = active?.window_entries ?? 0;
  const required = active?.required_entries ?? 0;
  const met = active ? thresholdMet(active) : false;
  const windowKey = active ? windowKeyOf(active) : '';
  const conducting =
    Boolean(
      active && (draw.isRunning(active.assignment_id) || draw.awaitingNewWindow(active.assignment_id, windowKey)),
    ) || draw.busy;
  const checkedIn = dashboard.CheckedIn;
  const totals = totalCounts(dashboard);
  const { id } = useParams();

  const onDraw = () => {
    if (!active || !met || conducting || !checkedIn) return;
    void draw.conduct(
      active.assignment_id,
      {
        partner: dashboard.PartnerUsername,
        threshold: active.threshold,
        starting_threshold: active.starting_threshold,
        daily_draw: daily,
        search_string: dashboard.SearchString,
        promotion_title: active.promotion_title,
        shared_code: active.shared_code,
      },
      windowKey,
    );
  };

  return (
    <>
      <section className="announcer-banner" aria-labelledby="active-promotion-heading">
        <h2 id="active-promotion-heading" className="announcer-banner__title">
          Active Promotion: {active ? active.promotion_title : 'N/A'}
        </h2>
        {active ? <p className="announcer-banner__price">{staffLrd(active.promotion_prize_lrd)} to Play</p> : null}
        {active && id ? (
          <Link className="announcer-banner__link" to={`/v1/announcer/${id}/broadcast/${active.shared_code}`}>
            {onAirMessages.screenTitle}
          </Link>
        ) : null}
      </section>

      <section className="staff-card threshold-progress" aria-labelledby="threshold-heading">
        <h2 id="threshold-heading">Threshold Progress</h2>
        <p className="threshold-progress__count">
          Entries for the next draw:{' '}
          <strong data-testid="threshold-count">
            {formatWhole(daily)} / {formatWhole(required)}
          </strong>
        </p>
        <ProgressBar value={daily} scale={required} label="Threshold progress" />
        <div className="threshold-progress__actions">
          <DrawButton
            hasPromotion={Boolean(active)}
            met={met}
            conducting={conducting}
            checkedIn={checkedIn}
            onDraw={onDraw}
          />
          <DrawFairness
            commitment={active?.windowCommitment}
            revealed={active ? draw.revealed[active.assignment_id] : undefined}
          />
        </div>
      </section>

      <div className="stat-grid">
        <StatCard title="Total Balance" value={formatStaffLrd(totalBalanceCents(dashboard.AccountBalance))} />
        <StatCard title="Active Promotions" value={formatWhole(dashboard.Promotions.length)} />
        <StatCard title="Total Winners" value={formatWhole(allWinners(dashboard).length)} />
        <StatCard title="Today's Entries" value={formatWhole(totals.daily)} />
      </div>

      <section className="staff-card" aria-labelledby="entry-statistics-heading">
        <h2 id="entry-statistics-heading">Entry Statistics</h2>
        <dl className="entry-statistics">
          <EntryStatistic label="Daily Entries" value={totals.daily} scale={STATISTICS_SCALES.daily} />
          <EntryStatistic label="Weekly Entries" value={totals.weekly} scale={STATISTICS_SCALES.weekly} />
          <EntryStatistic label="Monthly Entries" value={totals.monthly} scale={STATISTICS_SCALES.monthly} />
        </dl>
      </section>

      <RecentWinners winners={recentWinners(dashboard)} />
    </>
  );
}

function EntryStatistic({ label, value, scale }: { label: string; value: number; scale: number }) {
  return (
    <div className="entry-statistics__row">
      <dt>{label}</dt>
      <dd>
        <span className="entry-statistics__value">{formatWhole(value)}</span>
        <ProgressBar value={value} scale={scale} label={label} />
      </dd>
    </div>
  );
}
