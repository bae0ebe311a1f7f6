import { FormField } from '@web/components/staff/FormField';
import { PasswordField } from '@web/components/staff/PasswordField';
import { PartnerSelect } from './PartnerSelect';

export interface AnnouncerFields {
  username: string;
  email: string;
  mobile_money_number: string;
  password: string;
  search_string: string;
  partner_search_string: string;
}

/**
 * An announcer's fields (spec sections 2 and 5), shared by Create Announcer
 * and the update popup. Creating, the password is required and the browser
 * requires a partner; updating, an empty password keeps the old one.
 */
export function AnnouncerFieldset({
  fields,
  set,
  mode,
}: {
  fields: AnnouncerFields;
  set: (name: keyof AnnouncerFields) => (value: string) => void;
  mode: 'create' | 'update';
}) {
  const creating = mode === 'create';
  return (
    <>
      <FormField label="Username" mandatory value={fields.username} onChange={set('username')} />
      <FormField label="Email" mandatory type="email" value={fields.email} onChange={set('email')} />
      <FormField
        label="Mobile Money Number"
        mandatory
        type="tel"
        value={fields.mobile_money_number}
        onChange={set('mobile_money_number')}
      />
      {creating ? (
        <PasswordField mandatory value={fields.password} onChange={set('password')} />
      ) : (
        <PasswordField
          value={fields.password}
          onChange={set('password')}
          note="Leave empty to keep the current password."
        />
      )}
      <FormField label="Search String" mandatory value={fields.search_string} onChange={set('search_string')} />
      {creating ? (
        <PartnerSelect required value={fields.partner_search_string} onChange={set('partner_search_string')} />
      ) : (
        <PartnerSelect label="Partner" value={fields.partner_search_string} onChange={set('partner_search_string')} />
      )}
    </>
  );
}
