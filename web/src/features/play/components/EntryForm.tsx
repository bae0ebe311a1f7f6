import { useEffect, useId, useState, type FormEvent } from 'react';
import { messages } from '../../../../../shared/messages';
import { INVALID_MOBILE_NUMBER, normalizeMobileNumber } from '../../../../../shared/phone';
import { ApiError } from '../../../lib/api-client';
import { playErrorSound, playSuccessSound } from '../../../lib/sounds';
import { submitEntry } from '../api/entries';
import { useAmountOptions } from '../hooks/use-amount-options';
import { useEntryStatus, type EntryFollow } from '../hooks/use-entry-status';
import type { EntryAmount, Game } from '../types';

type Notice = { kind: 'error' | 'success'; text: string } | null;

/**
 * The entry form of a house game (spec sections 2, 5 and 8, "Entry"): mobile
 * number and an amount from the API's options; the API's success or error text
 * shown on the page (not in an alert); then the page follows the entry until
 * its ticket number arrives or its payment fails.
 */
export function EntryForm({ game }: { game: Game }) {
  const id = useId();
  const { options, loading } = useAmountOptions(game);
  const [mobileNumber, setMobileNumber] = useState('');
  const [amount, setAmount] = useState('');
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [entryId, setEntryId] = useState<string | null>(null);
  const follow = useEntryStatus(entryId);
  const following = follow.phase === 'pending';

  const fail = (text: string) => {
    playErrorSound();
    setNotice({ kind: 'error', text });
  };

  // the provider refused the prompt after the entry was taken: the same alert as a refused request (spec section 8, "Entry")
  useEffect(() => {
    if (follow.phase === 'refused') fail(messages.entry.paymentFailed);
  }, [follow.phase]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending || following) return;
    if (!mobileNumber.trim() || !amount) return fail(messages.validation.fillOutAllFields);
    const msisdn = normalizeMobileNumber(mobileNumber);
    if (!msisdn) return fail(INVALID_MOBILE_NUMBER);

    setSending(true);
    setNotice(null);
    setEntryId(null);
    try {
      const response = await submitEntry(game, { mobile_number: msisdn, amount: amount as EntryAmount });
      if ('error' in response && response.error) {
        fail(response.error);
      } else if ('success' in response) {
        playSuccessSound();
        setNotice({ kind: 'success', text: response.success });
        if (response.entry_id) setEntryId(response.entry_id);
      } else {
        fail(messages.entry.paymentFailed);
      }
    } catch (error) {
      fail(refusalText(error) ?? messages.entry.paymentFailed);
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="card form" onSubmit={onSubmit} noValidate aria-describedby={`${id}-hint`}>
      <p id={`${id}-hint`} className="form__hint">
        Pay with MTN Mobile Money or Orange Money. You will get a prompt on your phone to approve.
      </p>
      <div className="field">
        <label htmlFor={`${id}-mobile`}>Mobile money number</label>
        <input
          id={`${id}-mobile`}
          name="mobile_number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="0777 123 456"
          required
          value={mobileNumber}
          onChange={(event) => setMobileNumber(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-amount`}>Amount</label>
        <select
          id={`${id}-amount`}
          name="amount"
          required
          value={amount}
          aria-busy={loading}
          onChange={(event) => setAmount(event.target.value)}
        >
          <option value="">Select a currency</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {!loading && options.length === 0 ? (
          <p className="field__note">No amounts are available right now. Please try again later.</p>
        ) : null}
      </div>
      <button type="submit" className="button button--primary" disabled={sending || following}>
        {sending ? 'Sending…' : 'Pay and enter'}
      </button>

      <div aria-live="polite" className="form__messages">
        {notice?.kind === 'error' ? (
          <p role="alert" className="notice notice--error">
            {notice.text}
          </p>
        ) : null}
        {notice?.kind === 'success' ? <p className="notice notice--success">{notice.text}</p> : null}
        <EntryProgress follow={follow} />
      </div>
    </form>
  );
}

function EntryProgress({ follow }: { follow: EntryFollow }) {
  switch (follow.phase) {
    case 'idle':
    case 'refused':
      return null;
    case 'pending':
      return (
        <p className="notice notice--info" data-entry-phase="pending">
          <span className="spinner" aria-hidden="true" /> Waiting for your payment to be confirmed…
        </p>
      );
    case 'paid':
      return (
        <p className="notice notice--success" data-entry-phase="paid">
          Payment received. Your ticket number is <strong className="ticket-number">{follow.ticketNumber}</strong>.
          We have also sent it to you by SMS.
        </p>
      );
    case 'failed':
      return (
        <p role="alert" className="notice notice--error" data-entry-phase="failed">
          Your payment did not go through{follow.reason ? `: ${follow.reason}` : '.'} No ticket was issued.
        </p>
      );
    case 'unconfirmed':
      return (
        <p className="notice notice--info" data-entry-phase="unconfirmed">
          We have not had confirmation of this payment yet. If you approved it, your ticket number will reach you by
          SMS.
        </p>
      );
  }
}

/** The API's own refusal (bad number, amount not offered, too many requests). */
function refusalText(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.serverMessage) return null;
  const refused = error.status >= 400 && error.status < 500 && error.status !== 404;
  return refused ? error.serverMessage : null;
}
