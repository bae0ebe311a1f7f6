import { useId } from 'react';
import { createAnnouncerRequired, type CreateAnnouncerRequest } from '@shared/api/schemas/staff';
import { messages } from '@shared/messages';
import { SubmitButton } from '@web/components/staff/SubmitButton';
import { useFormFields } from '@web/hooks/use-form-fields';
import { requireFilled, useFormSubmit } from '@web/hooks/use-form-submit';
import { errorMessage } from '@web/lib/api-client';
import { notifySuccess } from '@web/lib/toast';
import { createAnnouncer } from '@web/features/staff/api/announcers';
import { useAdmin } from '@web/hooks/use-admin';
import { AnnouncerFieldset } from './AnnouncerFieldset';

const EMPTY: CreateAnnouncerRequest = {
  username: '',
  email: '',
  mobile_money_number: '',
  password: '',
  search_string: '',
  partner_search_string: '',
};

/**
 * Create Announcer (spec sections 2, 5, 8): the five fields are required
 * ('All fields with * must be filled.' with the error sound) and the partner
 * choice is required by the browser.
 */
export function CreateAnnouncerForm({ heading }: { heading: string }) {
  const { adminId } = useAdmin();
  const headingId = useId();
  const { fields: form, set, setFields } = useFormFields(EMPTY);
  const { sending, onSubmit } = useFormSubmit({
    check: () => requireFilled(form, createAnnouncerRequired, messages.validation.allFieldsStar),
    send: async (body) => {
      await createAnnouncer(adminId, body);
      notifySuccess(messages.announcer.created);
      setFields(EMPTY);
    },
    failure: (error) => errorMessage(error, messages.generic.unexpected),
  });

  return (
    <section className="staff-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <form className="form" onSubmit={onSubmit}>
        <div className="staff-forms">
          <AnnouncerFieldset fields={form} set={set} mode="create" />
        </div>
        <div className="staff-form-actions staff-form-actions--end">
          <SubmitButton label="Create Announcer" busyLabel="Creating Announcer..." sending={sending} />
        </div>
      </form>
    </section>
  );
}
