import { useState, type FormEvent } from 'react';
import { notifyError } from '../lib/toast';

/** What a form's check found: the spec's message for what is missing or wrong, or the body to send. */
export type Checked<Body> = { error: string } | { body: Body };

/** `body` when every named field holds more than white space, else `message`. */
export function requireFilled<Body extends Record<string, unknown>>(
  body: Body,
  fields: readonly (keyof Body)[],
  message: string,
): Checked<Body> {
  return fields.every((field) => String(body[field]).trim()) ? { body } : { error: message };
}

interface FormSubmit<Body> {
  check: () => Checked<Body>;
  /** Sends the checked body and reports the success (toast, reset, close). */
  send: (body: Body) => Promise<void>;
  /** The error toast's text for a failed send. */
  failure: (error: unknown) => string;
}

/**
 * A staff form's submit (spec sections 5 and 8): the form checks its fields
 * itself and toasts the spec's message, sends once at a time (`sending`
 * drives the 'Creating...'-style labels), and toasts a failure.
 */
export function useFormSubmit<Body>({ check, send, failure }: FormSubmit<Body>) {
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const checked = check();
    if ('error' in checked) {
      notifyError(checked.error);
      return;
    }
    setSending(true);
    try {
      await send(checked.body);
    } catch (error) {
      notifyError(failure(error));
    } finally {
      setSending(false);
    }
  };
  return { sending, onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event) };
}
