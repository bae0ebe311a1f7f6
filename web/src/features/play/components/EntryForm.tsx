import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { messages } from '@shared/messages';
import { INVALID_MOBILE_NUMBER, normalizeMobileNumber } from '@shared/phone';
import { ApiError } from '@web/lib/api-client';
import { playErrorSound, playSuccessSound } from '@web/lib/sounds';
import { browserOffline, noAnswer, submitEntry } from '../api/entries';
import { useAmountOptions } from '../hooks/use-amount-options';
import { useEntryStatus } from '../hooks/use-entry-status';
import type { HouseGameSlug } from '@shared/games';
import type { EntryAmount } from '@web/lib/public-api-types';
import { EntryResult, type TakenEntry } from './EntryResult';

/**
 * The entry form of a house game (spec sections 2, 5 and 8, "Entry"): mobile
 * number, an amount from the API's options and the 18+ confirmation; the
 * API's refusal shown on the form (not in an alert box). Once the API takes
 * the entry the form gives way to its result, which follows the payment to a
 * ticket number; "Buy another ticket" brings a fresh, empty form, so a second
 * purchase is never one stray tap away. An entry not paid ("Try again", or
 * "Start again" while pending) brings the form back with the number and
 * amount kept — carried in the history entry's state (which a reload keeps),
 * never in the address or web storage.
 */
export function EntryForm({ game, entryId }: { game: HouseGameSlug; entryId: string | null }) {
  const navigate = useNavigate();
  const kept = keptOf(useLocation().state);
  // the prompt text the API answered, for the entry this page took (a reloaded page has only the address)
  const [answered, setAnswered] = useState<TakenEntry | null>(null);
  const taken: TakenEntry | null = entryId
    ? { prompt: answered?.entryId === entryId ? answered.prompt : messages.entryForm.following, entryId }
    : null;
  // an answer without an id (nothing to follow) is shown where it was given
  const shown = taken ?? (answered && !answered.entryId ? answered : null);
  // a new form each time: its fields start empty; focus goes to it only after "Buy another ticket"
  const [round, setRound] = useState(0);
  const follow = useEntryStatus(entryId);
  const onTaken = (entry: TakenEntry, filled: KeptFields) => {
    setAnswered(entry);
    // the entry's own address (its id is the payment reference; its status tells the number only masked)
    if (entry.entryId) navigate(`/${game}/entry/${encodeURIComponent(entry.entryId)}`, { state: { kept: filled } });
  };
  const backToForm = (state?: { kept: KeptFields }) => {
    setAnswered(null);
    setRound((n) => n + 1);
    navigate(`/${game}`, state ? { state } : undefined);
  };

  useEffect(() => {
    if (follow.phase === 'refused' || follow.phase === 'failed') playErrorSound();
  }, [follow.phase]);

  return (
    <div className="entry">
      {shown ? null : <EntryFields key={round} game={game} kept={kept} focusFirst={round > 0} onTaken={onTaken} />}
      <EntryResult
        taken={shown}
        follow={follow}
        onBuyAnother={() => backToForm()}
        onTryAgain={() => backToForm(kept ? { kept } : undefined)}
      />
    </div>
  );
}

/** What the form had when it sent an entry, kept for a retry in the history state. */
interface KeptFields {
  mobileNumber: string;
  amount: string;
}

function keptOf(state: unknown): KeptFields | null {
  const kept = (state as { kept?: Partial<KeptFields> } | null)?.kept;
  return typeof kept?.mobileNumber === 'string' && typeof kept.amount === 'string'
    ? { mobileNumber: kept.mobileNumber, amount: kept.amount }
    : null;
}

function EntryFields({
  game,
  kept,
  focusFirst,
  onTaken,
}: {
  game: HouseGameSlug;
  kept: KeptFields | null;
  focusFirst: boolean;
  onTaken: (entry: TakenEntry, filled: KeptFields) => void;
}) {
  const id = useId();
  const { options, loading } = useAmountOptions(game);
  const [mobileNumber, setMobileNumber] = useState(kept?.mobileNumber ?? '');
  const [amount, setAmount] = useState(kept?.amount ?? '');
  const [adult, setAdult] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mobileRef = useRef<HTMLInputElement>(null);
  const adultRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (focusFirst) mobileRef.current?.focus();
  }, [focusFirst]);

  const fail = (text: string) => {
    playErrorSound();
    setError(text);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    if (!mobileNumber.trim() || !amount) return fail(messages.validation.fillOutAllFields);
    const msisdn = normalizeMobileNumber(mobileNumber);
    if (!msisdn) return fail(INVALID_MOBILE_NUMBER);
    if (!adult) {
      adultRef.current?.focus();
      return fail(messages.entryForm.adultRequired);
    }

    setSending(true);
    setError(null);
    try {
      const response = await submitEntry(game, { mobile_number: msisdn, amount: amount as EntryAmount });
      // the answer is not parsed at runtime (the home page's budget), so a 200 {error} is still read as a refusal
      if ('error' in response && typeof response.error === 'string' && response.error) {
        fail(response.error);
      } else if ('success' in response) {
        playSuccessSound();
        onTaken({ prompt: response.success, entryId: response.entry_id ?? null }, { mobileNumber, amount });
        return;
      } else {
        fail(messages.entry.paymentFailed);
      }
    } catch (caught) {
      fail(refusalText(caught) ?? unansweredText(caught) ?? messages.entry.paymentFailed);
    }
    setSending(false);
  };

  const adultMissing = error === messages.entryForm.adultRequired;
  return (
    <form className="card form" onSubmit={onSubmit} noValidate aria-describedby={`${id}-hint`}>
      <p id={`${id}-hint`} className="form__hint">
        Pay with MTN Mobile Money or Orange Money. You will get a prompt on your phone to approve.
      </p>
      <div className="field">
        <label htmlFor={`${id}-mobile`}>Mobile money number</label>
        <input
          ref={mobileRef}
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
      <div className="field field--inline field--adult">
        <input
          ref={adultRef}
          id={`${id}-adult`}
          name="adult"
          type="checkbox"
          required
          checked={adult}
          aria-invalid={adultMissing}
          aria-describedby={adultMissing ? `${id}-error` : undefined}
          onChange={(event) => {
            setAdult(event.target.checked);
            if (event.target.checked && adultMissing) setError(null);
          }}
        />
        <label htmlFor={`${id}-adult`}>{messages.entryForm.adultLabel}</label>
      </div>
      <button type="submit" className="button button--primary" disabled={sending}>
        {sending ? 'Sending…' : 'Pay and enter'}
      </button>

      <div aria-live="polite" className="form__messages">
        {error ? (
          <p id={`${id}-error`} role="alert" className="notice notice--error">
            {error}
          </p>
        ) : null}
      </div>
    </form>
  );
}

/** A submit that got no answer: offline, nothing was sent; online, it may have reached the server. */
function unansweredText(error: unknown): string | null {
  if (browserOffline()) return messages.entryForm.notSent;
  return noAnswer(error) ? messages.entryForm.noAnswer : null;
}

/** The API's own refusal (bad number, amount not offered, too many requests). */
function refusalText(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.serverMessage) return null;
  const refused = error.status >= 400 && error.status < 500 && error.status !== 404;
  return refused ? error.serverMessage : null;
}
