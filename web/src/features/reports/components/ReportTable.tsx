import type { ReportResponse, ReportRowView } from '@shared/api/schemas/reports';
import { RowButton } from '@web/components/staff/RowButton';
import { StaffTable } from '@web/components/staff/StaffTable';
import type { LinesRequest } from '@web/features/reports/api/reports';
import { moneyIn } from './report-money';

const COLUMNS = ['Name', 'Currency', 'Stakes', 'Prizes paid', 'Prizes owed', 'GGR', 'Tax (20%)', 'Draws'];

export type Drill = Pick<LinesRequest, 'figure' | 'scope' | 'key' | 'currency'> & { title: string };

/**
 * One of the report's tables (per game, per partner): a row per name and
 * currency, never mixing LRD and USD; stakes and prizes open the lines
 * they sum. Scrolls inside its card on a narrow screen.
 */
export function ReportTable({
  caption,
  scope,
  rows,
  onDrill,
}: {
  caption: string;
  scope: 'game' | 'partner';
  rows: ReportRowView[];
  onDrill: (drill: Drill) => void;
}) {
  if (rows.length === 0) return <p className="empty">No stakes or prizes in this period.</p>;
  return (
    <StaffTable caption={caption} columns={COLUMNS}>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.key}-${row.currency}`}>
            <td>{row.label}</td>
            <td>{row.currency}</td>
            <td>
              <RowButton
                variant="secondary"
                label={`Stakes of ${row.label} in ${row.currency}: ${moneyIn(row.stakes, row.currency)}, show the entries`}
                onClick={() =>
                  onDrill({
                    figure: 'stakes',
                    scope,
                    key: row.key,
                    currency: row.currency,
                    title: `Stakes of ${row.label} (${row.currency})`,
                  })
                }
              >
                {moneyIn(row.stakes, row.currency)}
              </RowButton>
            </td>
            <td>
              {row.drawIds.length > 0 ? (
                <RowButton
                  variant="secondary"
                  label={`Prizes of ${row.label}: ${moneyIn(row.prizesPaid, row.currency)} paid, show the draws`}
                  onClick={() =>
                    onDrill({
                      figure: 'prizes',
                      scope,
                      key: row.key,
                      currency: row.currency,
                      title: `Prizes of ${row.label} (${row.currency})`,
                    })
                  }
                >
                  {moneyIn(row.prizesPaid, row.currency)}
                </RowButton>
              ) : (
                moneyIn(row.prizesPaid, row.currency)
              )}
            </td>
            <td>{moneyIn(row.prizesOwed, row.currency)}</td>
            <td>{moneyIn(row.ggr, row.currency)}</td>
            <td>{moneyIn(row.tax, row.currency)}</td>
            <td>{row.drawIds.length}</td>
          </tr>
        ))}
      </tbody>
    </StaffTable>
  );
}

/** The totals per currency. */
export function TotalsTable({ totals }: { totals: ReportResponse['totals'] }) {
  return (
    <StaffTable
      caption="Totals per currency"
      columns={['Currency', 'Stakes', 'Prizes paid', 'Prizes owed', 'GGR', 'Tax (20%)']}
    >
      <tbody>
        {totals.map((t) => (
          <tr key={t.currency}>
            <td>{t.currency}</td>
            <td>{moneyIn(t.stakes, t.currency)}</td>
            <td>{moneyIn(t.prizesPaid, t.currency)}</td>
            <td>{moneyIn(t.prizesOwed, t.currency)}</td>
            <td>{moneyIn(t.ggr, t.currency)}</td>
            <td>{moneyIn(t.tax, t.currency)}</td>
          </tr>
        ))}
      </tbody>
    </StaffTable>
  );
}
