import type { AnnouncerRecord } from '@shared/api/schemas/staff';
import { RowButton } from '@web/components/staff/RowButton';
import { isCheckedIn } from './announcer-search';
import type { AnnouncerActions } from './use-announcer-actions';

/** Spec section 4: check-in shows when not checked in, check-out when checked in. */
export function CheckButton({ announcer, actions }: { announcer: AnnouncerRecord; actions: AnnouncerActions }) {
  const busy = actions.checking.has(announcer.ID);
  return isCheckedIn(announcer) ? (
    <RowButton
      variant="secondary"
      label={`Check Out ${announcer.Username}`}
      disabled={busy}
      onClick={() => void actions.checkOut(announcer)}
    >
      Check Out
    </RowButton>
  ) : (
    <RowButton
      variant="primary"
      label={`Check In ${announcer.Username}`}
      disabled={busy}
      onClick={() => void actions.checkIn(announcer)}
    >
      Check In
    </RowButton>
  );
}

/** Spec section 2: Activity reads 'Checked In' or 'Not Checked In'. */
export function Activity({ announcer }: { announcer: AnnouncerRecord }) {
  return isCheckedIn(announcer) ? (
    <span className="badge activity activity--in">Checked In</span>
  ) : (
    <span className="badge activity activity--out">Not Checked In</span>
  );
}
