import type { PartnerDashboard } from '@shared/api/schemas/dashboards';
import { formatGmtDate } from '@web/lib/dates';
import { formatWhole } from '@web/lib/money';
import { staffLrd } from '@web/lib/staff-money';
import { latestWinner } from '../figures';

/** Spec section 2: one card per active promotion — threshold, day, daily, weekly, monthly, winner amount, latest winner. */
export function PromotionCards({ dashboard }: { dashboard: PartnerDashboard }) {
  const promotions = Object.entries(dashboard.PromotionDrawCounts);
  return (
    <section aria-labelledby="partner-promotions-heading">
      <h2 id="partner-promotions-heading">Active Promotions</h2>
      {promotions.length === 0 ? (
        <p className="empty">No active promotions.</p>
      ) : (
        <ul className="partner-promotions" role="list">
          {promotions.map(([title, counts]) => {
            const winner = latestWinner(dashboard, title);
            return (
              <li key={title}>
                <article className="staff-card partner-promotion" aria-label={title}>
                  <h3 className="partner-promotion__title">{title}</h3>
                  <dl className="partner-promotion__figures">
                    <Figure term="Threshold" value={formatWhole(counts.threshold)} />
                    <Figure term="Day" value={formatGmtDate(counts.dayString) || counts.dayString} />
                    <Figure term="Daily" value={formatWhole(counts.daily)} />
                    <Figure term="Weekly" value={formatWhole(counts.weekly)} />
                    <Figure term="Monthly" value={formatWhole(counts.monthly)} />
                    <Figure term="Winner Amount" value={staffLrd(counts.winner_amount)} />
                    <Figure
                      term="Latest Winner"
                      value={
                        winner
                          ? `${winner.mobile_number} · ${formatGmtDate(winner.winner_selected)}`
                          : 'No winner yet today'
                      }
                    />
                  </dl>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
