import { useState } from 'react';
import type { EntryView, ProviderStatusView } from '@shared/api/schemas/support';
import { useAdmin } from '@web/hooks/use-admin';
import { dateTime } from '@web/lib/staff-dates';
import { askProvider, refundDebit, resendSms } from '../api/support';
import { ReasonDialog } from './ReasonDialog';

const OUTCOME_LABELS: Record<EntryView['outcome'], string> = {
  won: 'Won',
  waiting: 'Waiting for its draw',
  lost: 'Not drawn (lost)',
  carried: 'Carried to the next draw',
  refunded: 'Refunded',
  pending: 'Payment pending',
  failed: 'Payment failed: no ticket',
};

type Action = { kind: 'ask' } | { kind: 'refund' } | { kind: 'resend'; smsId: string; purpose: string };

/** One entry of a player's story: what the product and the provider say, its SMS and payouts, and the desk's actions. */
export function EntryCard({ entry, onChanged }: { entry: EntryView; onChanged: (message: string) => void }) {
  const { adminId } = useAdmin();
  const [action, setAction] = useState<Action | null>(null);
  const [provider, setProvider] = useState<ProviderStatusView | null>(null);
  const headingId = `entry-${entry.id}`;
  return (
    <article className="staff-card support-entry" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {entry.promotion} · {entry.amount} {entry.currency} · {OUTCOME_LABELS[entry.outcome]}
      </h3>
      <dl className="support-facts">
        <dt>Entered</dt>
        <dd>
          {dateTime(entry.created_at, { seconds: true })} GMT by {entry.channel === 'web' ? 'web' : 'USSD'}
        </dd>
        <dt>Game</dt>
        <dd>{entry.game}</dd>
        <dt>Entry id (provider reference)</dt>
        <dd className="support-id">{entry.id}</dd>
        <dt>Payment</dt>
        <dd>
          {entry.provider.toUpperCase()}: {entry.status}
          {entry.reason ? ` (${entry.reason})` : ''}
          {entry.late_success_at ? ' — paid late' : ''}
        </dd>
        {provider ? (
          <>
            <dt>Provider says</dt>
            <dd>
              <span role="status">
                {provider.status}
                {provider.reason ? ` (${provider.reason})` : ''} at {dateTime(provider.asked_at, { seconds: true })} GMT
              </span>
            </dd>
          </>
        ) : null}
        {entry.ticket ? (
          <>
            <dt>Ticket</dt>
            <dd>{entry.ticket}</dd>
          </>
        ) : null}
        {entry.draw_id ? (
          <>
            <dt>Draw</dt>
            <dd className="support-id">{entry.draw_id}</dd>
          </>
        ) : null}
        {entry.prize ? (
          <>
            <dt>Prize payout</dt>
            <dd>
              {entry.prize.amount} {entry.prize.currency}: {entry.prize.status}
              {entry.prize.reason ? ` (${entry.prize.reason})` : ''}
            </dd>
          </>
        ) : null}
        {entry.refund ? (
          <>
            <dt>Refund</dt>
            <dd>
              {entry.refund.amount} {entry.refund.currency}: {entry.refund.status}
            </dd>
          </>
        ) : null}
      </dl>
      {entry.sms.length > 0 ? (
        <ul className="support-sms" aria-label="SMS sent">
          {entry.sms.map((sms) => (
            <li key={sms.id}>
              <span>
                <strong>{sms.purpose}</strong> SMS: {sms.state}
                {sms.last_error ? ` (${sms.last_error})` : ''} — “{sms.text}”
              </span>
              {sms.resendable ? (
                <button
                  type="button"
                  className="button"
                  onClick={() => setAction({ kind: 'resend', smsId: sms.id, purpose: sms.purpose })}
                >
                  Resend
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="staff-cell-note">No SMS for this entry.</p>
      )}
      <div className="staff-form-actions support-actions">
        <button type="button" className="button" onClick={() => setAction({ kind: 'ask' })}>
          Ask the provider now
        </button>
        {entry.may_be_orphan && provider?.refundable ? (
          <button type="button" className="button button--danger" onClick={() => setAction({ kind: 'refund' })}>
            Refund {entry.amount} {entry.currency}
          </button>
        ) : null}
      </div>
      {action?.kind === 'ask' ? (
        <ReasonDialog
          title="Ask the provider"
          confirmLabel="Ask now"
          onConfirm={async (reason) => {
            const answer = await askProvider(adminId, entry.id, reason);
            setProvider(answer);
            return `${answer.provider.toUpperCase()} says ${answer.status}.`;
          }}
          onDone={onChanged}
          onClose={() => setAction(null)}
        >
          <p>Ask {entry.provider.toUpperCase()} for its own status of this payment.</p>
        </ReasonDialog>
      ) : null}
      {action?.kind === 'refund' ? (
        <ReasonDialog
          title="Refund a debit without a ticket"
          confirmLabel="Refund"
          onConfirm={async (reason) => (await refundDebit(adminId, entry.id, reason)).message}
          onDone={onChanged}
          onClose={() => setAction(null)}
        >
          <p>
            Send {entry.amount} {entry.currency} back to the player's mobile money wallet? The provider says the payment
            succeeded, but no ticket was issued. The player is told by SMS.
          </p>
        </ReasonDialog>
      ) : null}
      {action?.kind === 'resend' ? (
        <ReasonDialog
          title="Resend SMS"
          confirmLabel="Resend"
          onConfirm={async (reason) => (await resendSms(adminId, action.smsId, reason)).message}
          onDone={onChanged}
          onClose={() => setAction(null)}
        >
          <p>Send the {action.purpose} SMS to the player again?</p>
        </ReasonDialog>
      ) : null}
    </article>
  );
}
