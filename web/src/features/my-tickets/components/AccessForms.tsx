import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ACCESS_CODE_DIGITS, myTicketsMessages } from '@shared/my-tickets';
import { INVALID_MOBILE_NUMBER, normalizeMobileNumber } from '@shared/phone';
import { messages } from '@shared/messages';
import { errorMessage } from '@web/lib/api-client';
import { askForCode, tryCode } from '../api/my-tickets';

/** A form's refusal, shown on it (never an alert box), announced as it appears. */
function FormError({ id, error }: { id: string; error: string | null }) {
  return (
    <div aria-live="polite" className="form__messages">
      {error ? (
        <p id={id} role="alert" className="notice notice--error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Step 1: the number the code goes to. `onSent`: the number as stored, and the API's answer. */
export function NumberForm({ onSent }: { onSent: (msisdn: string, message: string) => void }) {
  const id = useId();
  const [mobileNumber, setMobileNumber] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const msisdn = normalizeMobileNumber(mobileNumber);
    if (!msisdn) return setError(mobileNumber.trim() ? INVALID_MOBILE_NUMBER : messages.validation.fillOutAllFields);
    setSending(true);
    setError(null);
    try {
      onSent(msisdn, (await askForCode(msisdn)).message);
      return;
    } catch (caught) {
      setError(errorMessage(caught, messages.http.unavailable));
    }
    setSending(false);
  };

  return (
    <form className="card form" onSubmit={onSubmit} noValidate aria-describedby={`${id}-hint`}>
      <p id={`${id}-hint`} className="form__hint">
        We send a one-time code by SMS to the number you played with. Only that phone can open its list.
      </p>
      <div className="field">
        <label htmlFor={`${id}-mobile`}>Mobile number</label>
        <input
          id={`${id}-mobile`}
          name="mobile_number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="0777 123 456"
          required
          value={mobileNumber}
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setMobileNumber(event.target.value)}
        />
      </div>
      <button type="submit" className="button button--primary" disabled={sending}>
        {sending ? 'Sending…' : 'Send code'}
      </button>
      <FormError id={`${id}-error`} error={error} />
    </form>
  );
}

/** Step 2: the code from the SMS; a new code or another number if it does not come. */
export function CodeForm({
  msisdn,
  sent,
  onOpened,
  onOtherNumber,
}: {
  msisdn: string;
  sent: string;
  onOpened: () => void;
  onOtherNumber: () => void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState(sent);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => input.current?.focus(), []);

  const act = async (action: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(errorMessage(caught, messages.http.unavailable));
    }
    setBusy(false);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!new RegExp(`^\\d{${ACCESS_CODE_DIGITS}}$`).test(digits)) return setError(myTicketsMessages.enterCode);
    void act(async () => {
      await tryCode(msisdn, digits);
      onOpened();
    });
  };

  const newCode = () =>
    act(async () => {
      setNote((await askForCode(msisdn)).message);
      setCode('');
      input.current?.focus();
    });

  return (
    <form className="card form" onSubmit={onSubmit} noValidate aria-describedby={`${id}-sent`}>
      <p id={`${id}-sent`} className="notice notice--info" role="status">
        {note} It can take a minute to arrive.
      </p>
      <div className="field">
        <label htmlFor={`${id}-code`}>Code from the SMS</label>
        <input
          ref={input}
          id={`${id}-code`}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={ACCESS_CODE_DIGITS + 2}
          required
          value={code}
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
      </div>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Checking…' : 'Show my tickets'}
      </button>
      <FormError id={`${id}-error`} error={error} />
      <p className="form__hint">No SMS after a minute?</p>
      <button type="button" className="button button--secondary" onClick={newCode} disabled={busy}>
        Send a new code
      </button>
      <button type="button" className="button button--secondary" onClick={onOtherNumber} disabled={busy}>
        Use another number
      </button>
    </form>
  );
}
