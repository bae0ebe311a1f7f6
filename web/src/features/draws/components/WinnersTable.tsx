import type { AdminWinnerRow } from '@shared/api/schemas/draws';
import { StaffTable } from '@web/components/staff/StaffTable';
import { dateTime } from '@web/lib/staff-dates';
import { staffLrd } from '@web/lib/staff-money';

const COLUMNS = ['Mobile Number', 'Partners', 'Winner Amount', 'Date Selected'];

/** A winner that can still be voided for cause: not voided already, its prize not paid or moved to unclaimed. */
const voidable = (winner: AdminWinnerRow) => !['voided', 'paid', 'unclaimed'].includes(winner.PayoutStatus);

/**
 * Spec section 2 "Winners List": Mobile Number, Partners, Winner Amount, Date Selected. With `onVoid` (a super
 * admin's), each winner that can still be voided for cause has its action (issue 36 part 1).
 */
export function WinnersTable({
  winners,
  onVoid,
}: {
  winners: AdminWinnerRow[];
  onVoid?: (winner: AdminWinnerRow) => void;
}) {
  return (
    <StaffTable caption="Winners, newest first" columns={onVoid ? [...COLUMNS, 'Action'] : COLUMNS}>
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
              {winner.PayoutStatus === 'voided' ? (
                <>
                  <br />
                  <small>Voided for cause</small>
                </>
              ) : null}
            </td>
            {onVoid ? (
              <td>
                {voidable(winner) ? (
                  <button type="button" className="button button--danger button--small" onClick={() => onVoid(winner)}>
                    Void winner for cause
                  </button>
                ) : (
                  <a href={`/draws/${winner.DrawID}`}>Public record</a>
                )}
              </td>
            ) : null}
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
