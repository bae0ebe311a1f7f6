import { useId, useState } from 'react';
import type { AdminWinnerRow } from '@shared/api/schemas/draws';
import { VOID_REASONS, voidReasonLabel, type VoidReason } from '@shared/redraw';
import { ConfirmDialog } from '@web/components/staff/ConfirmDialog';
import { staffLrd } from '@web/lib/staff-money';

/**
 * Confirms voiding a drawn winner for cause (issue 36 part 1; super admins): a reason from the fixed list and a
 * note of what was found. The server redraws by the same protocol; the voided record and its redraw stay
 * public, linked to each other. The caller sends it (the dialog waits for its promise).
 */
export function VoidWinnerDialog({
  winner,
  onConfirm,
  onCancel,
}: {
  winner: AdminWinnerRow;
  onConfirm: (reason: VoidReason, note: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState<VoidReason | ''>('');
  const [note, setNote] = useState('');
  const reasonId = useId();
  const noteId = useId();
  return (
    <ConfirmDialog
      title="Void winner for cause"
      confirmLabel="Void and redraw"
      busyLabel="Voiding…"
      onConfirm={() => onConfirm(reason as VoidReason, note.trim())}
      onClose={onCancel}
      confirmDisabled={reason === '' || note.trim() === ''}
    >
      <p>
        Void the win of <strong>{winner.MobileNumber}</strong> ({staffLrd(winner.WinnerAmount)},{' '}
        {winner.PromotionTitle || winner.PartnerUsername})? Its prize is cancelled and a new winner is drawn from the
        same entries with new public randomness. Both records stay public with the reason; this is recorded in the audit
        log and cannot be undone.
      </p>
      <div className="field">
        <label htmlFor={reasonId}>Reason</label>
        <select
          id={reasonId}
          className="staff-control"
          value={reason}
          onChange={(event) => setReason(event.target.value as VoidReason | '')}
        >
          <option value="">Choose a reason</option>
          {VOID_REASONS.map((r) => (
            <option key={r} value={r}>
              {voidReasonLabel[r]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={noteId}>Note (what was found; kept in the audit log)</label>
        <textarea
          id={noteId}
          rows={3}
          maxLength={1000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
    </ConfirmDialog>
  );
}
