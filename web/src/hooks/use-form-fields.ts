import { useState } from 'react';

/** A form's text fields: the values, a setter per field for its input's onChange, and a reset. */
export function useFormFields<Fields extends Record<string, string>>(initial: Fields | (() => Fields)) {
  const [fields, setFields] = useState<Fields>(initial);
  const set = (name: keyof Fields) => (value: string) => setFields((previous) => ({ ...previous, [name]: value }));
  return { fields, set, setFields };
}
