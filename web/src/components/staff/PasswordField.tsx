import { useId, useState } from 'react';
import { Field, noteIdOf } from './FormField';

/** A password field of the staff forms, with a show/hide toggle. */
export function PasswordField({
  label = 'Password',
  value,
  onChange,
  mandatory,
  note,
  autoComplete = 'new-password',
}: {
  label?: string;
  value: string;
  onChange: (value: string) => void;
  /** Marked '*' and required; the form checks it. */
  mandatory?: boolean;
  note?: string;
  autoComplete?: string;
}) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <Field id={id} label={label} marked={mandatory} note={note}>
      <div className="password-field">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          autoComplete={autoComplete}
          value={value}
          aria-required={mandatory ? true : undefined}
          aria-describedby={note ? noteIdOf(id) : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="button button--secondary button--small"
          aria-controls={id}
          onClick={() => setShown((value) => !value)}
        >
          {shown ? 'Hide password' : 'Show password'}
        </button>
      </div>
    </Field>
  );
}
