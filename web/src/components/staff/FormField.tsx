import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** The id of a field's note, which its control is described by. */
export const noteIdOf = (fieldId: string): string => `${fieldId}-note`;

/** The required-field mark; screen readers hear the control's aria-required instead. */
function RequiredMark() {
  return (
    <span className="required-mark" aria-hidden="true">
      {' *'}
    </span>
  );
}

/**
 * The frame of every staff form control (the global `.field` style): its
 * label, marked '*' when `marked`, the control, and an optional note.
 */
export function Field({
  id,
  label,
  marked,
  note,
  children,
}: {
  /** The control's id. */
  id: string;
  label: string;
  marked?: boolean;
  note?: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {marked ? <RequiredMark /> : null}
      </label>
      {children}
      {note ? (
        <p className="field__note" id={noteIdOf(id)}>
          {note}
        </p>
      ) : null}
    </div>
  );
}

export interface FormFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id' | 'required'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Marked '*' and required (spec section 5, 'All fields with * must be filled.'); the form checks it. */
  mandatory?: boolean;
  /** Required but unmarked (the catalog forms); the form checks it with the spec's message, never the browser. */
  required?: boolean;
  /** A note under the input, read with it. */
  note?: string;
}

/** A labelled text input of the staff forms. Amounts stay text (inputMode `decimal`), never type=number. */
export function FormField({
  label,
  value,
  onChange,
  mandatory,
  required,
  note,
  autoComplete = 'off',
  ...input
}: FormFieldProps) {
  const id = useId();
  return (
    <Field id={id} label={label} marked={mandatory} note={note}>
      <input
        id={id}
        autoComplete={autoComplete}
        {...input}
        value={value}
        aria-required={mandatory || required ? true : undefined}
        aria-describedby={note ? noteIdOf(id) : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}
