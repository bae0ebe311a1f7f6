import type { OverviewDraw } from '@shared/api/schemas/dashboards';
import { StaffTable } from '@web/components/staff/StaffTable';
import { dateTime } from '@web/lib/staff-dates';
import { staffLrd } from '@web/lib/staff-money';

const COLUMNS = ['Drawn', 'Promotion', 'Winner', 'Prize', 'Entries', 'Payout', 'Seed commitment'];

const KIND_LABEL: Record<string, string> = {
  threshold: 'Threshold draw',
  house: 'House draw',
  cleared: 'Cleared, no winner',
};
const GAME_LABEL: Record<string, string> = { daily: 'Daily Cash Giveaway', jackpot: 'Jackpot' };

/** The overview record's Draws (spec section 3): the newest draws, full numbers (admins run the payouts). */
export function RecentDraws({ draws }: { draws: OverviewDraw[] }) {
  return (
    <section className="staff-card" aria-labelledby="recent-draws-title">
      <h2 id="recent-draws-title">Recent draws</h2>
      {draws.length === 0 ? (
        <p className="empty">No draws yet.</p>
      ) : (
        <StaffTable caption="The newest draws, newest first" columns={COLUMNS}>
          <tbody>
            {draws.map((draw) => (
              <tr key={draw.ID}>
                <td>{dateTime(draw.WinnerSelected)}</td>
                <td>
                  {draw.PromotionTitle || GAME_LABEL[draw.Game] || draw.Game}
                  <br />
                  <small>{KIND_LABEL[draw.Kind] ?? draw.Kind}</small>
                </td>
                <td>{draw.MobileNumber || '—'}</td>
                <td>{draw.MobileNumber ? staffLrd(draw.WinnerAmount) : '—'}</td>
                <td>{draw.EntryCount}</td>
                <td>
                  {draw.PayoutStatus || '—'}
                  {draw.PayoutReason ? (
                    <>
                      <br />
                      <small>{draw.PayoutReason}</small>
                    </>
                  ) : null}
                </td>
                <td>
                  {draw.Commitment ? (
                    <code className="commitment" title={draw.Commitment}>
                      {draw.Commitment.slice(0, 12)}…
                    </code>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </StaffTable>
      )}
    </section>
  );
}
