import type { OverviewWinnersAndTax } from '@shared/api/schemas/dashboards';
import { dateTime } from '@web/lib/staff-dates';
import { staffLrd } from '@web/lib/staff-money';

/** Prize payouts the provider failed, awaiting their retry (from total_winner_history); nothing when there are none. */
export function FailedPrizePayouts({ payouts }: { payouts: OverviewWinnersAndTax['FailedPrizePayouts'] }) {
  if (payouts.length === 0) return null;
  return (
    <section className="staff-card notice notice--error" aria-labelledby="failed-payouts-title">
      <h2 id="failed-payouts-title">Prize payouts awaiting retry</h2>
      <ul>
        {payouts.map((payout) => (
          <li key={payout.DrawID}>
            {staffLrd(payout.WinnerAmount)} to {payout.MobileNumber}: {payout.Reason || 'failed'} (attempt{' '}
            {payout.Attempt}
            {payout.FailedAt ? `, ${dateTime(payout.FailedAt)}` : ''})
          </li>
        ))}
      </ul>
    </section>
  );
}
