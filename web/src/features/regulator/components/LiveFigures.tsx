import type { ReportRowView } from '@shared/api/schemas/reports';
import { useQuery } from '@tanstack/react-query';
import { formatStaffMoney } from '@shared/staff-money';
import { signedCents, sumOfAmounts } from '@web/lib/staff-money';
import { liveQuery } from '../api/regulator';

/** A row's amount in its own currency, through the one staff money formatter (integer cents, never a float). */
const inCurrency = (currency: string, cents: number) => formatStaffMoney(cents, currency === 'USD' ? 'USD' : 'LRD');
const prizesOf = (row: { prizesPaid: string; prizesOwed: string }) => sumOfAmounts([row.prizesPaid, row.prizesOwed]);

type ActivityRow = { key: string; currency: string; entries: number; refunds: string };

/** Today's figures per game and per partner: Reports' own rows, beside the entries and refunds of each. */
export function LiveFigures({ regulatorId }: { regulatorId: string }) {
  const live = useQuery(liveQuery(regulatorId));
  if (live.error) return <p role="alert">Today's figures could not be loaded.</p>;
  if (!live.data) return <p role="status">Loading today's figures…</p>;
  const { report, activity, day } = live.data;
  const total = report.totals.find((t) => t.currency === 'LRD');
  return (
    <section aria-labelledby="live-title" className="regulator-section">
      <h2 id="live-title">Today ({day} GMT)</h2>
      {total ? (
        <p data-testid="live-total">
          Stakes {inCurrency('LRD', signedCents(total.stakes))} · prizes {inCurrency('LRD', prizesOf(total))} · tax due{' '}
          {inCurrency('LRD', signedCents(total.tax))}
        </p>
      ) : null}
      <FigureTable caption="Per game" rows={report.byGame} activity={activity.byGame} />
      <FigureTable caption="Per partner" rows={report.byPartner} activity={activity.byPartner} />
    </section>
  );
}

function FigureTable({ caption, rows, activity }: { caption: string; rows: ReportRowView[]; activity: ActivityRow[] }) {
  const of = (row: ReportRowView) => activity.find((a) => a.key === row.key && a.currency === row.currency);
  return (
    // a table wider than a phone scrolls on its own, reachable by keyboard
    <div className="regulator-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Currency</th>
            <th scope="col">Entries</th>
            <th scope="col">Stakes</th>
            <th scope="col">Refunds</th>
            <th scope="col">Prizes</th>
            <th scope="col">Tax due</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={7}>Nothing yet today.</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={`${row.key}-${row.currency}`}>
                <th scope="row">{row.label}</th>
                <td>{row.currency}</td>
                <td>{of(row)?.entries ?? 0}</td>
                <td>{inCurrency(row.currency, signedCents(row.stakes))}</td>
                <td>{inCurrency(row.currency, signedCents(of(row)?.refunds ?? '0.00'))}</td>
                <td>{inCurrency(row.currency, prizesOf(row))}</td>
                <td>{inCurrency(row.currency, signedCents(row.tax))}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
