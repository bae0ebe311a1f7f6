import type { AdminWinnerRow } from '@shared/api/schemas/draws';
import { StaffTable } from '@web/components/staff/StaffTable';
import { dateTime } from '@web/lib/staff-dates';
import { staffLrd } from '@web/lib/staff-money';

const COLUMNS = ['Mobile Number', 'Partners', 'Winner Amount', 'Date Selected'];

/** Spec section 2 "Winners List": Mobile Number, Partners, Winner Amount, Date Selected. */
export function WinnersTable({ winners }: { winners: AdminWinnerRow[] }) {
  return (
    <StaffTable caption="Winners, newest first" columns={COLUMNS}>
      <tbody>
        {winners.map((winner) => (
          <tr key={winner.DrawID}>
            <td>{winner.MobileNumber}</td>
            <td>
              {winner.PartnerUsername || '—'}
              {winner.PromotionTitle ? (
                <>
                  <br />
                  <small>{winner.PromotionTitle}</small>
                </>
              ) : null}
            </td>
            <td>{staffLrd(winner.WinnerAmount)}</td>
            <td>
              <time dateTime={winner.WinnerSelected}>{dateTime(winner.WinnerSelected)}</time>
            </td>
          </tr>
        ))}
      </tbody>
    </StaffTable>
  );
}

/** The winners whose number, partner, promotion or amount hold the search text. */
export function filterWinners(winners: AdminWinnerRow[], search: string): AdminWinnerRow[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return winners;
  return winners.filter((w) =>
    [w.MobileNumber, w.PartnerUsername, w.PromotionTitle, w.WinnerAmount].some((field) =>
      field.toLowerCase().includes(needle),
    ),
  );
}
