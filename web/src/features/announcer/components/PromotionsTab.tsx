import type { AnnouncerDashboard } from '@shared/api/schemas/dashboards';
import { ProgressBar } from '@web/components/staff/ProgressBar';
import { formatWhole } from '@web/lib/money';
import { staffLrd, staffUsd } from '@web/lib/staff-money';
import { CARD_SCALE_DAYS, countsOf, type AnnouncerPromotion } from '../figures';

export interface PromotionsTabProps {
  dashboard: AnnouncerDashboard;
  active: AnnouncerPromotion | undefined;
  onSelect: (promotion: AnnouncerPromotion) => void;
}

/**
 * Spec section 2, announcer "Promotions tab": one card per active promotion;
 * weekly bars scaled to threshold × 7, monthly to threshold × 30 (section 9).
 */
export function PromotionsTab({ dashboard, active, onSelect }: PromotionsTabProps) {
  return (
    <section aria-labelledby="active-promotions-heading">
      <h2 id="active-promotions-heading">Active Promotions</h2>
      <ul className="promotion-grid" role="list">
        {dashboard.Promotions.map((promotion) => {
          const counts = countsOf(dashboard, promotion);
          const selected = promotion.assignment_id === active?.assignment_id;
          const title = promotion.promotion_title;
          return (
            <li key={promotion.assignment_id}>
              <article
                className={selected ? 'staff-card promotion-card promotion-card--active' : 'staff-card promotion-card'}
                aria-label={title}
              >
                <h3 className="promotion-card__title">
                  {title} {selected ? <span className="badge">Active</span> : null}
                </h3>
                <p className="promotion-card__price">
                  {staffLrd(promotion.promotion_prize_lrd)} · {staffUsd(promotion.promotion_prize_usd)}
                </p>
                <dl className="promotion-card__figures">
                  <div>
                    <dt>Next Draw</dt>
                    <dd>
                      {formatWhole(promotion.window_entries)} / {formatWhole(promotion.required_entries)}
                      <ProgressBar
                        value={promotion.window_entries}
                        scale={promotion.required_entries}
                        label={`${title} entries for the next draw`}
                      />
                    </dd>
                  </div>
                  <div>
                    <dt>Daily Entries</dt>
                    <dd>{formatWhole(counts.daily)}</dd>
                  </div>
                  <div>
                    <dt>Weekly Entries</dt>
                    <dd>
                      {formatWhole(counts.weekly)}
                      <ProgressBar
                        value={counts.weekly}
                        scale={promotion.threshold * CARD_SCALE_DAYS.weekly}
                        label={`${title} weekly entries`}
                      />
                    </dd>
                  </div>
                  <div>
                    <dt>Monthly Entries</dt>
                    <dd>
                      {formatWhole(counts.monthly)}
                      <ProgressBar
                        value={counts.monthly}
                        scale={promotion.threshold * CARD_SCALE_DAYS.monthly}
                        label={`${title} monthly entries`}
                      />
                    </dd>
                  </div>
                  <div>
                    <dt>Threshold</dt>
                    <dd>
                      {formatWhole(promotion.threshold)}{' '}
                      <span className="promotion-card__note">
                        (first draw of the day: {formatWhole(promotion.starting_threshold)})
                      </span>
                    </dd>
                  </div>
                </dl>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-pressed={selected}
                  onClick={() => onSelect(promotion)}
                >
                  Select Promotion
                </button>
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
