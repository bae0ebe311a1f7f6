import { useId } from 'react';
import { createPartnerRequired, type CreatePartnerRequest } from '@shared/api/schemas/staff';
import { messages } from '@shared/messages';
import { FormField } from '@web/components/staff/FormField';
import { PasswordField } from '@web/components/staff/PasswordField';
import { SubmitButton } from '@web/components/staff/SubmitButton';
import { useFormFields } from '@web/hooks/use-form-fields';
import { requireFilled, useFormSubmit } from '@web/hooks/use-form-submit';
import { errorMessage } from '@web/lib/api-client';
import { notifySuccess } from '@web/lib/toast';
import { createPartner } from '@web/features/staff/api/partners';
import { useAdmin } from '@web/hooks/use-admin';

const EMPTY: CreatePartnerRequest = {
  username: '',
  email: '',
  password: '',
  mobile_money_number: '',
  search_string: '',
};

/**
 * Create Partner (spec sections 2, 5, 8): all five fields required, else 'All
 * fields with * must be filled.' with the error sound; 'Creating Partner...'
 * while sending; cleared once created.
 */
export function CreatePartnerForm({ heading }: { heading: string }) {
  const { adminId } = useAdmin();
  const headingId = useId();
  const { fields: form, set, setFields } = useFormFields(EMPTY);
  const { sending, onSubmit } = useFormSubmit({
    check: () => requireFilled(form, createPartnerRequired, messages.validation.allFieldsStar),
    send: async (body) => {
      await createPartner(adminId, body);
      notifySuccess(messages.partner.created);
      setFields(EMPTY);
    },
    failure: (error) => errorMessage(error, messages.generic.unexpected),
  });

  return (
    <section className="staff-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <form className="form" noValidate onSubmit={onSubmit}>
        <FormField label="Username" mandatory value={form.username} onChange={set('username')} />
        <FormField label="Email" mandatory type="email" value={form.email} onChange={set('email')} />
        <PasswordField mandatory value={form.password} onChange={set('password')} />
        <FormField
          label="Mobile Money Number"
          mandatory
          type="tel"
          value={form.mobile_money_number}
          onChange={set('mobile_money_number')}
        />
        <FormField label="Search String" mandatory value={form.search_string} onChange={set('search_string')} />
        <SubmitButton label="Create Partner" busyLabel="Creating Partner..." sending={sending} />
      </form>
    </section>
  );
}
