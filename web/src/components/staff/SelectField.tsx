import { useId, type ReactNode } from 'react';
import { Field, noteIdOf } from './FormField';

export interface Option {
  value: string;
  label: string;
}

interface SelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly Option[];
  /** The empty first choice ("Select a partner"). */
  placeholder?: string;
  /** A note under the select, read with it. */
  note?: string;
  disabled?: boolean;
  /** Something beside the select (the '+ New' category button). */
  action?: ReactNode;
}

/** A labelled, required select of the staff forms; the form checks it with the spec's message. */
export function SelectField({
  label,
  value,
  onChange,
  options,
  placeholder,
  note,
  disabled,
  action,
}: SelectFieldProps) {
  const id = useId();
  const select = (
    <select
      id={id}
      value={value}
      disabled={disabled}
      aria-required="true"
      aria-describedby={note ? noteIdOf(id) : undefined}
      onChange={(event) => onChange(event.target.value)}
    >
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
  return (
    <Field id={id} label={label} note={note}>
      {action ? (
        <div className="field-with-action">
          {select}
          {action}
        </div>
      ) : (
        select
      )}
    </Field>
  );
}
