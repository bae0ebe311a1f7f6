import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ContactDetails } from '@shared/api/schemas/site-content';
import { messages } from '@shared/messages';
import { nationalNumber } from '@shared/phone';
import { FormField } from '@web/components/staff/FormField';
import { SubmitButton } from '@web/components/staff/SubmitButton';
import { useFormSubmit } from '@web/hooks/use-form-submit';
import { errorMessage } from '@web/lib/api-client';
import { notifySuccess } from '@web/lib/toast';
import { contactQuery, saveContact } from '../api/site-content';

const shown = (msisdn: string | null) => (msisdn ? nationalNumber(msisdn) : '');

/** The site's contact details (footer, privacy and help pages, the held-prize SMS); a blank field shows nothing. */
export function ContactForm({ adminId, contact }: { adminId: string; contact: ContactDetails }) {
  const client = useQueryClient();
  const [phone, setPhone] = useState(shown(contact.phone));
  const [whatsapp, setWhatsapp] = useState(shown(contact.whatsapp));
  const [email, setEmail] = useState(contact.email ?? '');
  const [servicesPhone, setServicesPhone] = useState(shown(contact.services_phone));
  const { sending, onSubmit } = useFormSubmit({
    check: () => ({ body: { phone, whatsapp, email, services_phone: servicesPhone } }),
    send: async (body) => {
      const answer = await saveContact(adminId, body);
      client.setQueryData(contactQuery(adminId).queryKey, answer.contact);
      notifySuccess(answer.message);
    },
    failure: (error) => errorMessage(error, messages.generic.unexpected),
  });
  return (
    <form className="staff-card" aria-labelledby="contact-heading" onSubmit={onSubmit} noValidate>
      <h2 id="contact-heading">Contact details</h2>
      <p className="staff-subtitle">Shown to players in the footer; leave a field blank to show nothing for it.</p>
      <FormField
        label="Phone"
        inputMode="tel"
        value={phone}
        onChange={setPhone}
        note="A Liberian number such as 0777123456; also named in the SMS to winners whose prize is held."
      />
      <FormField label="WhatsApp" inputMode="tel" value={whatsapp} onChange={setWhatsapp} />
      <FormField label="Email" type="email" value={email} onChange={setEmail} />
      <FormField
        label="Software services phone"
        inputMode="tel"
        value={servicesPhone}
        onChange={setServicesPhone}
        note="Named on the Software Engineering Services page."
      />
      <SubmitButton label="Save contact details" busyLabel="Saving..." sending={sending} />
    </form>
  );
}
