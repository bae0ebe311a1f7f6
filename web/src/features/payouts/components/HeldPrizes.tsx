import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
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
 * number not active), each with its claim deadline; one is paid only to the corrected number of the identity
 * check the support desk recorded (both steps in the audit log); and the unclaimed-prizes balance the expired
 * ones moved to.
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
              columns={['Winner', 'Promotion', 'Amount', 'Why held', 'Claim by', 'Identity check', 'Action']}
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
                      {prize.identityCheck ? (
                        <>
                          Recorded {dateTime(prize.identityCheck.at)}: pay to {prize.identityCheck.pay_to}
                        </>
                      ) : (
                        'Not yet: the support desk records it'
                      )}
                    </td>
                    <td>
                      {prize.identityCheck ? (
                        <RowButton
                          variant="primary"
                          label={`Pay to the corrected number: ${prize.winner}, ${prize.promotion}`}
                          onClick={() => setClaiming(prize)}
                        >
                          Pay to the corrected number
                        </RowButton>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </StaffTable>
          )}
        </>
      )}
      {claiming?.identityCheck ? (
        <ConfirmDialog
          title="Pay a held prize"
          confirmLabel="Pay prize"
          busyLabel="Paying…"
          onConfirm={async () => {
            try {
              notifySuccess((await claimHeldPrize(adminId, claiming.drawId, claiming.identityCheck!.at)).message);
            } catch (failure) {
              notifyError(errorMessage(failure, 'The claim was not accepted. Please try again.'));
            }
            void refetch();
          }}
          onClose={() => setClaiming(null)}
        >
          <p>
            Pay {staffLrd(claiming.amount)} won by {claiming.winner} (ticket {claiming.ticket}, {claiming.promotion}) to{' '}
            {claiming.identityCheck.pay_to}, the number the support desk recorded with the winner's identity check on{' '}
            {dateTime(claiming.identityCheck.at)}:
          </p>
          <blockquote>{claiming.identityCheck.check}</blockquote>
          {claiming.identityCheck.notes ? <p>Notes: {claiming.identityCheck.notes}</p> : null}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
