import type { OverviewTaxFiling } from '@shared/api/schemas/dashboards';
import { dateTime } from '@web/lib/staff-dates';
import { staffLrd } from '@web/lib/staff-money';

/** The latest tax analytics filing (spec section 3 RecentTaxSetting; DESIGN section 4 "Tax"), labelled as the form labels it. */
export function TaxFiling({ filing }: { filing: OverviewTaxFiling | undefined }) {
  const setting = filing?.RecentTaxSetting;
  return (
    <section className="staff-card" aria-labelledby="tax-filing-title">
      <h2 id="tax-filing-title">Latest tax filing</h2>
      {!setting ? (
        <p role="status">Loading…</p>
      ) : setting.filedAt === '' ? (
        <p className="empty">No tax analytics filed yet.</p>
      ) : (
        <>
          <p className="staff-subtitle">Filed {dateTime(setting.filedAt)}</p>
          <dl className="tax-filing">
            <div>
              <dt>Current Payment To Winners</dt>
              <dd>{staffLrd(setting.CurrentBonusGiveaway)}</dd>
            </div>
            <div>
              <dt>Total YD Giveaway</dt>
              <dd>{staffLrd(setting.totalYDGiveaway)}</dd>
            </div>
            <div>
              <dt>Current Payment (Tax) To Government</dt>
              <dd>{staffLrd(setting.currentPaymentToGovt)}</dd>
            </div>
            <div>
              <dt>YD Of The 20% Tax</dt>
              <dd>{staffLrd(setting.YDOfThe20Percent)}</dd>
            </div>
          </dl>
        </>
      )}
    </section>
  );
}
