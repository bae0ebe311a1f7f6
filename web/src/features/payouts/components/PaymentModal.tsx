import { useEffect, useRef, useState } from 'react';
import { messages } from '@shared/messages';
import { formatMoney } from '@shared/money';
import type { PayResponse } from '@shared/api/schemas/payouts';
import { topicRef } from '@shared/topics';
import type { PromotionBalanceView } from '@shared/api/schemas/staff';
import { Modal } from '@web/components/staff/Modal';
import { useTopic } from '@web/hooks/use-topic';
import { errorMessage } from '@web/lib/api-client';
import { formatStaffLrd } from '@web/lib/staff-money';
import { playErrorSound } from '@web/lib/sounds';
import { notifyError, notifySuccess, toast } from '@web/lib/toast';
import { newIdempotencyKey, type PaymentAmounts } from '@web/features/payouts/api/payments';
import {
  amountCents,
  amountsToSend,
  checkAmount,
  confirmablePayment,
  overBalanceMessage,
  payableBalances,
  totalAmountCents,
  type PayableBalance,
} from './payment-amounts';
import { failedAttemptReason, liveOutcome, paymentOutcome } from './payment-outcome';
import { AmountRows } from './PaymentAmountRows';
import { type AttemptFailure, ConfirmSummary, FailedAttempt, SentPayment } from './PaymentSteps';
import './payments.css';

export interface PaymentModalProps {
  /** "Pay partner" / "Pay announcer". */
  title: string;
  payeeName: string;
  /** The mobile money number on file, shown before confirming (the server refuses if it changed meanwhile). */
  payeeNumber: string;
  /** The payee's live balances by promotion id, each with its title (the record's `PromotionBalances`). */
  balances: readonly PromotionBalanceView[];
  /** The spec's success text, e.g. 'Payment to partner successful:', shown only once the API answers the payout paid. */
  successText: string;
  /** Sends the payment; the key is the same when the same confirm is retried, new after a failed attempt. */
  pay: (amounts: PaymentAmounts, idempotencyKey: string) => Promise<PayResponse>;
  /** Cancel, close, or a payment that went through: the list unmounts the modal, which resets it. */
  onClose: () => void;
}

type Step = 'amount' | 'confirm' | 'sent';

/**
 * The two-step payment dialog for partners and announcers (spec sections 4
 * "Payment flow" and 5 "Payment"): amounts per promotion with a balance above
 * 0, then a confirmation listing them and their total; Back returns to the
 * amounts, Confirm sends (reading 'Processing...' meanwhile). Each confirmed
 * payment gets a fresh Idempotency-Key, kept while the same confirm is
 * retried after an unknown outcome, so a retry never pays twice (DESIGN
 * section 5). A payment that failed (every payout refused, its amount back on
 * the balance) stays in the dialog with the reason in plain words, and
 * "Try again" is a new attempt under a new key.
 * Amounts are kept and sent by promotion id; titles are only shown (DESIGN
 * section 7), so two promotions sharing a title are two rows.
 *
 * A payment the provider has not settled yet keeps the dialog open on
 * "Sent — waiting for mobile money", watching `admin/payouts` live, until it
 * shows the final outcome: paid (only then the spec's success text), or
 * failed with the provider's reason and the balance restored.
 */
export function PaymentModal({
  title,
  payeeName,
  payeeNumber,
  balances,
  successText,
  pay,
  onClose,
}: PaymentModalProps) {
  const [step, setStep] = useState<Step>('amount');
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const attemptKey = useRef<string | null>(null);
  const [sent, setSent] = useState<{ ids: string[]; what: string } | null>(null);
  const [failure, setFailure] = useState<AttemptFailure | null>(null);
  const live = useTopic(step === 'sent' ? topicRef('adminPayouts') : null);
  const outcome = sent ? liveOutcome(sent.ids, live.data.payouts?.Payouts) : null;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const payable = payableBalances(balances);
  const titleOf = new Map(payable.map((b) => [b.promotionId, b.promotion]));
  // only promotions that still have a balance above 0 are paid
  const toPay = amountsToSend(Object.fromEntries(payable.map((b) => [b.promotionId, amounts[b.promotionId] ?? ''])));
  const total = totalAmountCents(toPay);

  const setAmount = (promotionId: string, text: string) => {
    setAmounts((previous) => ({ ...previous, [promotionId]: text }));
    setFieldErrors(({ [promotionId]: _cleared, ...rest }) => rest);
    setFormError(null);
  };

  const onType = (balance: PayableBalance, text: string) => {
    const check = checkAmount(text, balance);
    if (!check.accepted) return;
    setAmount(balance.promotionId, text);
    const { error } = check;
    if (error) {
      setFieldErrors((previous) => ({ ...previous, [balance.promotionId]: error }));
      playErrorSound();
    }
  };

  const payFullBalance = () => {
    setAmounts(Object.fromEntries(payable.map((b) => [b.promotionId, formatMoney(b.cents)])));
    setFieldErrors({});
    setFormError(null);
  };

  const next = () => {
    // a balance may have dropped live since its amount was typed
    const over = payable.filter((b) => amountCents(amounts[b.promotionId] ?? '') > b.cents);
    if (over.length > 0) {
      setFieldErrors(Object.fromEntries(over.map((b) => [b.promotionId, overBalanceMessage(b.promotion, b.cents)])));
      playErrorSound();
      return;
    }
    if (total <= 0) {
      setFormError(messages.validation.enterPaymentAmount);
      playErrorSound();
      return;
    }
    setStep('confirm');
  };

  const back = () => {
    attemptKey.current = null;
    setFailure(null);
    setStep('amount');
  };

  /** This attempt is over (its amount back on the balance): stay on the confirm step, a new key for the next one. */
  const failed = (what: string, reason: string) => {
    attemptKey.current = null;
    setFailure({ what, reason });
    setSent(null);
    setStep('confirm');
  };

  const confirm = async () => {
    const payment = confirmablePayment(toPay);
    if ('error' in payment) {
      notifyError(payment.error);
      return;
    }
    attemptKey.current ??= newIdempotencyKey();
    setSending(true);
    const what = `${formatStaffLrd(totalAmountCents(payment.amounts))} to ${payeeName}`;
    try {
      const answer = await pay(payment.amounts, attemptKey.current);
      attemptKey.current = null;
      setFailure(null);
      // "successful" only when the provider confirmed it (DESIGN section 4 "Payouts")
      const outcome = paymentOutcome(answer.Payouts);
      if (outcome.status === 'paid') notifySuccess(`${successText} ${what}`);
      else if (outcome.status === 'failed') {
        notifyError(`${messages.payout.failed} ${what} (${outcome.reason}); ${messages.payout.restored}`);
        if (mounted.current) failed(what, outcome.reason);
        return;
      } else if (mounted.current && answer.Payouts.length > 0) {
        // still with the provider: the dialog stays open and shows the outcome when it arrives
        setSent({ ids: answer.Payouts.map((p) => p.ID), what });
        setStep('sent');
        return;
      } else toast(`${messages.payout.waiting} ${what}`);
      if (mounted.current) onClose();
    } catch (error) {
      const reason = failedAttemptReason(error);
      if (reason && mounted.current) failed(what, reason);
      notifyError(errorMessage(error, messages.generic.unexpected));
    } finally {
      if (mounted.current) setSending(false);
    }
  };

  const amountFooter = (
    <>
      <button type="button" className="button button--secondary" onClick={onClose}>
        Cancel
      </button>
      <button
        type="button"
        className="button button--secondary"
        onClick={payFullBalance}
        disabled={payable.length === 0}
      >
        Pay Full Balance
      </button>
      <button type="button" className="button button--primary" onClick={next}>
        Next
      </button>
    </>
  );

  const confirmFooter = (
    <>
      <button type="button" className="button button--secondary" onClick={onClose}>
        Cancel
      </button>
      <button type="button" className="button button--secondary" onClick={back} disabled={sending}>
        Back
      </button>
      <button type="button" className="button button--primary" onClick={() => void confirm()} disabled={sending}>
        {sending ? 'Processing...' : failure ? 'Try again' : 'Confirm'}
      </button>
    </>
  );

  if (step === 'sent' && sent && outcome) {
    return (
      <Modal
        title={`Payment to ${payeeName}`}
        onClose={onClose}
        footer={
          <>
            <button type="button" className="button button--secondary" onClick={onClose}>
              Close
            </button>
            {outcome.status === 'failed' ? (
              <button
                type="button"
                className="button button--primary"
                onClick={() => failed(sent.what, outcome.reason)}
              >
                Try again
              </button>
            ) : null}
          </>
        }
      >
        <SentPayment what={sent.what} outcome={outcome} successText={successText} />
      </Modal>
    );
  }

  return (
    <Modal
      title={step === 'amount' ? `${title}: ${payeeName}` : `Confirm payment to ${payeeName}`}
      onClose={onClose}
      footer={step === 'amount' ? amountFooter : confirmFooter}
    >
      {step === 'amount' ? (
        <>
          <p className="payment-intro">Enter the amount to pay from each promotion's balance.</p>
          <AmountRows
            payable={payable}
            amounts={amounts}
            fieldErrors={fieldErrors}
            onType={onType}
            onPayFull={(balance) => setAmount(balance.promotionId, formatMoney(balance.cents))}
          />
          <p className="payment-total">Total: {formatStaffLrd(total)}</p>
          {formError ? (
            <p className="notice notice--error" role="alert">
              {formError}
            </p>
          ) : null}
        </>
      ) : (
        <>
          {failure ? <FailedAttempt failure={failure} /> : null}
          <ConfirmSummary
            payeeName={payeeName}
            payeeNumber={payeeNumber}
            toPay={toPay}
            titleOf={titleOf}
            total={total}
          />
        </>
      )}
    </Modal>
  );
}
