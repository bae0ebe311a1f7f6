import { useId } from 'react';
import { Field } from '@web/components/staff/FormField';
import { usePartnerOptions } from '@web/features/staff/hooks/use-partner-options';

/**
 * The 'Assign a Partner' dropdown, filled live from `admin/partner-options`
 * (spec sections 2 and 3): label the partner's name, value its SearchString.
 */
export function PartnerSelect({
  label = 'Assign a Partner',
  value,
  onChange,
  required,
}: {
  label?: string;
  value: string;
  onChange: (value: string) => void;
  /** Browser-level required (spec section 5). */
  required?: boolean;
}) {
  const id = useId();
  const { items, refused } = usePartnerOptions();
  // a current choice not (yet) among the options is still shown
  const known = !value || items?.some((option) => option.value === value);
  return (
    <Field id={id} label={label} marked={required}>
      <select id={id} required={required} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{items === null && !refused ? 'Loading partners...' : 'Select a partner'}</option>
        {known ? null : <option value={value}>{value}</option>}
        {(items ?? []).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {refused ? (
        <p className="field__note" role="alert">
          {refused}
        </p>
      ) : null}
    </Field>
  );
}
