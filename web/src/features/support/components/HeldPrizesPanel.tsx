import { useId, useState } from 'react';
import type { HeldPrizeView } from '@shared/api/schemas/support';
import { useAdmin } from '@web/hooks/use-admin';
import { dateTime } from '@web/lib/staff-dates';
import { staffLrd } from '@web/lib/staff-money';
import { recordIdentityCheck } from '../api/support';
import { ReasonDialog } from './ReasonDialog';

/**
 * A player's prizes held for a claim (issue 36 part 4): each won prize that could not be paid (no wallet,
 * number not active), with its claim deadline. The desk checks who the caller is and records that check
 * here with the winner's corrected number; a super admin then pays the prize to that number (Payouts).
 */
export function HeldPrizesPanel({
  prizes,
  onChanged,
}: {
  prizes: readonly HeldPrizeView[];
  onChanged: (message: string) => void;
}) {
  const [checking, setChecking] = useState<HeldPrizeView | null>(null);
  if (prizes.length === 0) return null;
  return (
    <section className="staff-card" aria-labelledby="support-held-heading">
      <h2 id="support-held-heading">Prizes held for a claim</h2>
      <ul className="support-list">
        {prizes.map((prize) => (
          <li key={prize.draw_id}>
            <span>
              {staffLrd(prize.amount)} · {prize.promotion} · ticket {prize.ticket} · not paid: {prize.reason} · claim by{' '}
              <time dateTime={prize.claim_deadline}>{dateTime(prize.claim_deadline)}</time>
              <br />
              {prize.identity_check ? (
                <small>
                  Identity checked {dateTime(prize.identity_check.at)}: {prize.identity_check.check} — pay to{' '}
                  {prize.identity_check.pay_to}. Waiting for a super admin to pay it.
                </small>
              ) : (
                <small>No identity check recorded: the prize cannot be paid until one is.</small>
              )}
            </span>
            <button
              type="button"
              className="button"
              aria-label={`${actionOf(prize)}: ${prize.promotion}, ticket ${prize.ticket}`}
              onClick={() => setChecking(prize)}
            >
              {actionOf(prize)}
            </button>
          </li>
        ))}
      </ul>
      {checking ? <CheckDialog prize={checking} onDone={onChanged} onClose={() => setChecking(null)} /> : null}
    </section>
  );
}

const actionOf = (prize: HeldPrizeView) => (prize.identity_check ? 'Record again' : 'Record identity check');

function CheckDialog({
  prize,
  onDone,
  onClose,
}: {
  prize: HeldPrizeView;
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  const { adminId } = useAdmin();
  const ids = { mobile: useId(), notes: useId() };
  const [mobile, setMobile] = useState(prize.identity_check?.pay_to ?? '');
  const [notes, setNotes] = useState('');
  return (
    <ReasonDialog
      title="Record identity check"
      confirmLabel="Record check"
      reasonLabel="Identity check (what was seen, by whom)"
      onConfirm={async (check) =>
        (
          await recordIdentityCheck(adminId, prize.draw_id, {
            mobile_number: mobile.trim(),
            identity_check: check,
            ...(notes.trim() ? { notes: notes.trim() } : {}),
          })
        ).message
      }
      onDone={onDone}
      onClose={onClose}
      after={
        <div className="field">
          <label htmlFor={ids.notes}>Notes (optional)</label>
          <textarea id={ids.notes} rows={2} value={notes} onChange={(event) => setNotes(event.target.value)} />
        </div>
      }
    >
      <p>
        {staffLrd(prize.amount)} won with ticket {prize.ticket} ({prize.promotion}) could not be paid. Check that the
        caller is the winner, then give the winner's own mobile money number to pay instead.
      </p>
      <div className="field">
        <label htmlFor={ids.mobile}>Corrected mobile money number</label>
        <input
          id={ids.mobile}
          inputMode="tel"
          autoComplete="off"
          value={mobile}
          onChange={(event) => setMobile(event.target.value)}
        />
      </div>
    </ReasonDialog>
  );
}
