import { messages } from '@shared/messages';
import { formatStaffLrd } from '@web/lib/staff-money';
import { amountCents } from './payment-amounts';
import type { PaymentOutcome } from './payment-outcome';
import { plainReason } from './payout-reasons';

/** The confirm step of the payment dialog: each promotion's amount to pay and their total. */
export function ConfirmSummary({
  payeeName,
  payeeNumber,
  toPay,
  titleOf,
  total,
}: {
  payeeName: string;
  payeeNumber: string;
  toPay: Record<string, string>;
  titleOf: ReadonlyMap<string, string>;
  total: number;
}) {
  return (
    <>
      <p>
        Please confirm this payment to {payeeName}. It is sent to their mobile money number{' '}
        <strong className="payment-number">{payeeNumber}</strong>.
      </p>
      <table className="staff-table payment-summary">
        <caption className="visually-hidden">Amounts to pay</caption>
        <thead>
          <tr>
            <th scope="col">Promotion</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(toPay).map(([promotionId, amount]) => (
            <tr key={promotionId}>
              <td>{titleOf.get(promotionId)}</td>
              <td>{formatStaffLrd(amountCents(amount))}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td>{formatStaffLrd(total)}</td>
          </tr>
        </tfoot>
      </table>
    </>
  );
}

/** A sent payment's outcome, read out as it changes (a live region): waiting, then paid or failed. */
export function SentPayment({
  what,
  outcome,
  successText,
}: {
  what: string;
  outcome: PaymentOutcome;
  successText: string;
}) {
  const text =
    outcome.status === 'paid'
      ? `${successText} ${what}`
      : outcome.status === 'failed'
        ? `${messages.payout.failed} ${what}: ${plainReason(outcome.reason)} (${outcome.reason}); ${messages.payout.restored}`
        : `${messages.payout.waiting} ${what}`;
  const tone =
    outcome.status === 'paid' ? 'notice--success' : outcome.status === 'failed' ? 'notice--error' : 'notice--info';
  return (
    <p className={`notice ${tone} payment-sent`} role="status" data-outcome={outcome.status}>
      {text}
    </p>
  );
}

/** A payment attempt that failed: what, and why in plain words. */
export interface AttemptFailure {
  what: string;
  /** The provider's code (payout-reasons.ts words it). */
  reason: string;
}

/** On the confirm step after a failed attempt: why it failed, and that trying again is a new payment. */
export function FailedAttempt({ failure }: { failure: AttemptFailure }) {
  return (
    <p className="notice notice--error" role="alert">
      {messages.payout.failed} {failure.what}: {plainReason(failure.reason)}; {messages.payout.restored} Check the
      number below; Try again sends it as a new payment.
    </p>
  );
}
