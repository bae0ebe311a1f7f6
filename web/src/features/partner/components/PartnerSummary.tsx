import type { PartnerDashboard } from '@shared/api/schemas/dashboards';
import { StatCard } from '@web/components/staff/StatCard';
import { formatWhole } from '@web/lib/money';
import { balanceClass, formatStaffLrd, staffLrd, totalBalanceCents } from '@web/lib/staff-money';
import { entryTotals } from '../figures';

/** Spec section 2: total entries (daily, weekly, monthly with the average per promotion) and the total balance. */
export function PartnerSummary({ dashboard }: { dashboard: PartnerDashboard }) {
  const { total, average } = entryTotals(dashboard);
  const balance = totalBalanceCents(dashboard.AccountBalance);
  const averageText = (value: number) => `Average per promotion: ${formatWhole(value)}`;
  return (
    <section aria-labelledby="partner-totals-heading">
      <h2 id="partner-totals-heading" className="visually-hidden">
        Totals
      </h2>
      <div className="stat-grid">
        <StatCard title="Daily Entries" value={formatWhole(total.daily)} subtitle={averageText(average.daily)} />
        <StatCard title="Weekly Entries" value={formatWhole(total.weekly)} subtitle={averageText(average.weekly)} />
        <StatCard title="Monthly Entries" value={formatWhole(total.monthly)} subtitle={averageText(average.monthly)} />
        <article className="stat-card">
          <h3 className="stat-card__title">Total Balance</h3>
          <p className={`stat-card__value ${balanceClass(balance)}`} data-testid="total-balance">
            {formatStaffLrd(balance)}
          </p>
          <p className="stat-card__subtitle">Sum of your promotion balances</p>
        </article>
      </div>
    </section>
  );
}

/** Spec section 2: partner info and the balance per promotion. */
export function PartnerAccount({ dashboard }: { dashboard: PartnerDashboard }) {
  const balances = Object.entries(dashboard.AccountBalance);
  return (
    <div className="partner-account">
      <section className="staff-card" aria-labelledby="partner-info-heading">
        <h2 id="partner-info-heading">Partner Info</h2>
        <dl className="partner-info">
          <div>
            <dt>Username</dt>
            <dd>{dashboard.Username}</dd>
          </div>
          <div>
            <dt>Mobile Money Number</dt>
            <dd>{dashboard.MobileMoneyNumber}</dd>
          </div>
        </dl>
      </section>
      <section className="staff-card" aria-labelledby="partner-balances-heading">
        <h2 id="partner-balances-heading">Balances per Promotion</h2>
        {balances.length === 0 ? (
          <p className="empty">No balances yet.</p>
        ) : (
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">Promotion</th>
                <th scope="col">Balance</th>
              </tr>
            </thead>
            <tbody>
              {balances.map(([title, amount]) => (
                <tr key={title}>
                  <th scope="row">{title}</th>
                  <td>{staffLrd(amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
