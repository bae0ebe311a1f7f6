import { useEffect, useId, useRef, useState } from 'react';
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
import { liveOutcome, paymentOutcome } from './payment-outcome';
import { ConfirmSummary, SentPayment } from './PaymentSteps';
import './payments.css';

export interface PaymentModalProps {
  /** "Pay partner" / "Pay announcer". */
  title: string;
  payeeName: string;
  /** The payee's live balances by promotion id, each with its title (the record's `PromotionBalances`). */
  balances: readonly PromotionBalanceView[];
  /** The spec's success text, e.g. 'Payment to partner successful:', shown only once the API answers the payout paid. */
  successText: string;
  /** Sends the payment; the key is the same when the same confirm is retried. */
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
 * retried after a failure, so a retry never pays twice (DESIGN section 5).
 * Amounts are kept and sent by promotion id; titles are only shown (DESIGN
 * section 7), so two promotions sharing a title are two rows.
 *
 * A payment the provider has not settled yet keeps the dialog open on
 * "Sent — waiting for mobile money", watching `admin/payouts` live, until it
 * shows the final outcome: paid (only then the spec's success text), or
 * failed with the provider's reason and the balance restored.
 */
export function PaymentModal({ title, payeeName, balances, successText, pay, onClose }: PaymentModalProps) {
  const id = useId();
  const [step, setStep] = useState<Step>('amount');
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const attemptKey = useRef<string | null>(null);
  const [sent, setSent] = useState<{ ids: string[]; what: string } | null>(null);
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
    if (check.ok) {
      setAmount(balance.promotionId, text);
    } else if (check.message) {
      const message = check.message;
      setFieldErrors((previous) => ({ ...previous, [balance.promotionId]: message }));
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
    setStep('amount');
  };

  const confirm = async () => {
    const payment = confirmablePayment(toPay);
    if ('error' in payment) {
      notifyError(payment.error);
      return;
    }
    attemptKey.current ??= newIdempotencyKey();
    setSending(true);
    try {
      const answer = await pay(payment.amounts, attemptKey.current);
      attemptKey.current = null;
      const what = `${formatStaffLrd(totalAmountCents(payment.amounts))} to ${payeeName}`;
      // "successful" only when the provider confirmed it (DESIGN section 4 "Payouts")
      const outcome = paymentOutcome(answer.Payouts);
      if (outcome.status === 'paid') notifySuccess(`${successText} ${what}`);
      else if (outcome.status === 'failed')
        notifyError(`${messages.payout.failed} ${what} (${outcome.reason}); ${messages.payout.restored}`);
      else if (mounted.current && answer.Payouts.length > 0) {
        // still with the provider: the dialog stays open and shows the outcome when it arrives
        setSent({ ids: answer.Payouts.map((p) => p.ID), what });
        setStep('sent');
        return;
      } else toast(`${messages.payout.waiting} ${what}`);
      if (mounted.current) onClose();
    } catch (error) {
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
        {sending ? 'Processing...' : 'Confirm'}
      </button>
    </>
  );

  if (step === 'sent' && sent && outcome) {
    return (
      <Modal
        title={`Payment to ${payeeName}`}
        onClose={onClose}
        footer={
          <button type="button" className="button button--primary" onClick={onClose}>
            Close
          </button>
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
          {payable.length === 0 ? (
            <p className="empty">There is no balance above 0 to pay.</p>
          ) : (
            <ul role="list" className="payment-rows">
              {payable.map((balance, index) => {
                const inputId = `${id}-amount-${index}`;
                const error = fieldErrors[balance.promotionId];
                return (
                  <li key={balance.promotionId} className="payment-row">
                    <label htmlFor={inputId} className="payment-row__label">
                      {balance.promotion}
                    </label>
                    <span className="payment-row__balance" id={`${inputId}-balance`}>
                      Balance: {formatStaffLrd(balance.cents)}
                    </span>
                    <div className="payment-row__entry">
                      <input
                        id={inputId}
                        type="text"
                        inputMode="decimal"
                        autoComplete="off"
                        placeholder="0.00"
                        value={amounts[balance.promotionId] ?? ''}
                        onChange={(event) => onType(balance, event.target.value)}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${inputId}-balance ${inputId}-error` : `${inputId}-balance`}
                      />
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        aria-label={`Pay Full ${balance.promotion}`}
                        onClick={() => setAmount(balance.promotionId, formatMoney(balance.cents))}
                      >
                        Pay Full
                      </button>
                    </div>
                    {error ? (
                      <p className="payment-row__error" id={`${inputId}-error`} role="alert">
                        {error}
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
          <p className="payment-total">Total: {formatStaffLrd(total)}</p>
          {formError ? (
            <p className="notice notice--error" role="alert">
              {formError}
            </p>
          ) : null}
        </>
      ) : (
        <ConfirmSummary payeeName={payeeName} toPay={toPay} titleOf={titleOf} total={total} />
      )}
    </Modal>
  );
}
