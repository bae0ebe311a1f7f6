import type { PartnerDrawSummary } from '@shared/api/schemas/dashboards';
import { thresholdReached } from '@shared/draw-threshold';
import { messages } from '@shared/messages';
import { ActionsCell } from '@web/components/staff/ActionsCell';
import { ProgressBar } from '@web/components/staff/ProgressBar';
import { RowButton } from '@web/components/staff/RowButton';
import { StaffTable } from '@web/components/staff/StaffTable';
import type { DrawAction } from '@web/features/draws/hooks/use-draw-actions';
import { staffLrd } from '@web/lib/staff-money';

const COLUMNS = [
  'Partner Name',
  'Current Entries',
  'Percentages',
  'Promotion Title',
  'Weekly Entries',
  'Account Balance',
  'Actions',
];

/**
 * Spec section 2 "Partners' Data Analytics (Draw)": Partner Name, Current
 * Entries, Percentages, Promotion Title, Weekly Entries, Account Balance, and
 * the Conduct Draw and Clear Draw buttons, one row per partner promotion.
 */
export function DrawTable({
  rows,
  drawWindow,
  runningFor,
  partnerWindowEntries,
  onConduct,
  onClear,
}: {
  rows: PartnerDrawSummary[];
  /** Today's rows: show the open draw's entries and what the next draw needs beside today's entries. */
  drawWindow: boolean;
  runningFor: (row: PartnerDrawSummary) => DrawAction | null;
  /** Paid entries in all the partner's open windows: a clear closes every one of them. */
  partnerWindowEntries: (partnerId: string) => number;
  onConduct: (row: PartnerDrawSummary) => void;
  onClear: (row: PartnerDrawSummary) => void;
}) {
  return (
    <StaffTable
      caption="Partner promotions with their entries, balance and draw buttons"
      columns={COLUMNS}
      className="draw-table"
    >
      <tbody>
        {rows.map((row) => {
          const running = runningFor(row);
          const context = `${row.PartnerUsername}, ${row.PromotionTitle}`;
          // off exactly when the server would refuse: the server's number, the shared rule (shared/draw-threshold.ts)
          const belowRequired = !thresholdReached(row.WindowEntries, row.RequiredEntries);
          const nothingToClear = partnerWindowEntries(row.PartnerID) === 0;
          return (
            <tr key={row.AssignmentID} data-assignment={row.AssignmentID}>
              <th scope="row">{row.PartnerUsername || '—'}</th>
              <td>
                <span className="draw-table__count" data-testid="current-entries">
                  {row.PartnerCurrentTotal}
                </span>
                {drawWindow ? (
                  <small className="draw-table__hint">
                    <span data-testid="window-entries">{row.WindowEntries}</span> in this draw; next draw needs{' '}
                    {row.RequiredEntries} (threshold {row.Threshold}; first draw of the day {row.StartingThreshold})
                  </small>
                ) : null}
              </td>
              <td>
                <span>{row.Percentage.toFixed(1)}%</span>
                <ProgressBar value={row.Percentage} scale={100} label={`${context}: progress toward the next draw`} />
              </td>
              <td>
                {row.PromotionTitle}
                {row.SharedCode ? <small className="draw-table__hint">Code {row.SharedCode}</small> : null}
                {row.WindowCommitment ? (
                  <small className="draw-table__hint">
                    Seed commitment{' '}
                    <code className="commitment" title={row.WindowCommitment}>
                      {row.WindowCommitment.slice(0, 16)}…
                    </code>
                  </small>
                ) : null}
              </td>
              <td>{row.WeeklyCount}</td>
              <td>{staffLrd(row.MonetaryValue)}</td>
              <ActionsCell
                destructive={
                  <RowButton
                    variant="danger"
                    label={`Clear Draw for ${row.PartnerUsername}`}
                    disabled={running !== null || nothingToClear}
                    reason={nothingToClear ? 'Nothing to clear: no paid entries in the open draw.' : undefined}
                    onClick={() => onClear(row)}
                  >
                    {running === 'clear' ? (
                      <>
                        <span className="spinner" aria-hidden="true" /> Clearing...
                      </>
                    ) : (
                      'Clear Draw'
                    )}
                  </RowButton>
                }
              >
                <RowButton
                  variant="primary"
                  label={`${messages.draw.conduct} for ${context}`}
                  disabled={running !== null || belowRequired}
                  reason={
                    belowRequired ? messages.draw.thresholdNotMet(row.WindowEntries, row.RequiredEntries) : undefined
                  }
                  onClick={() => onConduct(row)}
                >
                  {running === 'draw' ? (
                    <>
                      <span className="spinner" aria-hidden="true" /> {messages.draw.conducting}
                    </>
                  ) : (
                    messages.draw.conduct
                  )}
                </RowButton>
              </ActionsCell>
            </tr>
          );
        })}
      </tbody>
    </StaffTable>
  );
}

/** The rows whose partner, promotion or shared code hold the search text. */
export function filterDrawRows(rows: PartnerDrawSummary[], search: string): PartnerDrawSummary[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return rows;
  return rows.filter((row) =>
    [row.PartnerUsername, row.PromotionTitle, row.SharedCode, row.PartnerSearchString].some((field) =>
      field.toLowerCase().includes(needle),
    ),
  );
}
