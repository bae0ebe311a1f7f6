import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { HeldPrizesResponse } from '@shared/api/schemas/held-prizes';
import { ConfirmDialog } from '@web/components/staff/ConfirmDialog';
import { ErrorNotice } from '@web/components/staff/ErrorNotice';
import { LoadingStatus } from '@web/components/staff/LoadingStatus';
import { RowButton } from '@web/components/staff/RowButton';
import { StaffTable } from '@web/components/staff/StaffTable';
import { errorMessage } from '@web/lib/api-client';
import { dateTime } from '@web/lib/staff-dates';
import { staffLrd } from '@web/lib/staff-money';
import { notifyError, notifySuccess } from '@web/lib/toast';
import { claimHeldPrize, heldPrizesQuery } from '../api/payouts';

type Held = HeldPrizesResponse['held'][number];

/**
 * Held prizes on the Payouts screen (issue 36 part 4; super admins): prizes that could not be paid (no wallet,
 * number not active), each with its claim deadline; one is paid to a corrected number only with the identity
 * check recorded (the audit log keeps it), and the unclaimed-prizes balance the expired ones moved to.
 */
export function HeldPrizes({ adminId }: { adminId: string }) {
  const { data, error, refetch } = useQuery(heldPrizesQuery(adminId));
  const [claiming, setClaiming] = useState<Held | null>(null);
  return (
    <section className="staff-card" aria-labelledby="held-prizes-heading">
      <h2 id="held-prizes-heading">Held prizes</h2>
      {error && !data ? (
        <ErrorNotice>{errorMessage(error, 'Could not load the held prizes.')}</ErrorNotice>
      ) : !data ? (
        <LoadingStatus className="empty" text="Loading held prizes…" />
      ) : (
        <>
          <p>Unclaimed-prizes balance: {staffLrd(data.unclaimed.total)}</p>
          {data.held.length === 0 ? (
            <p className="empty">No prize is held for a claim.</p>
          ) : (
            <StaffTable
              labelledBy="held-prizes-heading"
              columns={['Winner', 'Promotion', 'Amount', 'Why held', 'Claim by', 'Action']}
            >
              <tbody>
                {data.held.map((prize) => (
                  <tr key={prize.drawId}>
                    <td>
                      {prize.winner}
                      <br />
                      <small>Ticket {prize.ticket}</small>
                    </td>
                    <td>{prize.promotion}</td>
                    <td>{staffLrd(prize.amount)}</td>
                    <td>{prize.reason}</td>
                    <td>
                      <time dateTime={prize.claimDeadline}>{dateTime(prize.claimDeadline)}</time>
                    </td>
                    <td>
                      <RowButton
                        variant="primary"
                        label={`Pay to a corrected number: ${prize.winner}, ${prize.promotion}`}
                        onClick={() => setClaiming(prize)}
                      >
                        Pay to a corrected number
                      </RowButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </StaffTable>
          )}
        </>
      )}
      {claiming ? (
        <ClaimDialog
          prize={claiming}
          onConfirm={async (body) => {
            try {
              notifySuccess((await claimHeldPrize(adminId, { draw_id: claiming.drawId, ...body })).message);
            } catch (failure) {
              notifyError(errorMessage(failure, 'The claim was not accepted. Please try again.'));
            }
            void refetch();
          }}
          onCancel={() => setClaiming(null)}
        />
      ) : null}
    </section>
  );
}

type ClaimBody = { mobile_number: string; identity_check: string; notes?: string };

function ClaimDialog({
  prize,
  onConfirm,
  onCancel,
}: {
  prize: Held;
  onConfirm: (body: ClaimBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [mobile, setMobile] = useState('');
  const [check, setCheck] = useState('');
  const [notes, setNotes] = useState('');
  const ids = { mobile: useId(), check: useId(), notes: useId() };
  return (
    <ConfirmDialog
      title="Pay a held prize"
      confirmLabel="Pay prize"
      busyLabel="Paying…"
      confirmDisabled={mobile.trim() === '' || check.trim() === ''}
      onConfirm={() =>
        onConfirm({
          mobile_number: mobile.trim(),
          identity_check: check.trim(),
          ...(notes.trim() ? { notes: notes.trim() } : {}),
        })
      }
      onClose={onCancel}
    >
      <p>
        Pay {staffLrd(prize.amount)} won by {prize.winner} (ticket {prize.ticket}, {prize.promotion}) to the winner's
        corrected number. Only after checking who they are: what you checked is kept in the audit log.
      </p>
      <div className="field">
        <label htmlFor={ids.mobile}>Corrected mobile money number</label>
        <input id={ids.mobile} inputMode="tel" value={mobile} onChange={(event) => setMobile(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={ids.check}>Identity check (what was seen, by whom)</label>
        <textarea id={ids.check} rows={3} value={check} onChange={(event) => setCheck(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={ids.notes}>Notes (optional)</label>
        <textarea id={ids.notes} rows={2} value={notes} onChange={(event) => setNotes(event.target.value)} />
      </div>
    </ConfirmDialog>
  );
}
