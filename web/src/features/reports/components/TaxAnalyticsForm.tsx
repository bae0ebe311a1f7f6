import { useId } from 'react';
import { TAX_ANALYTICS_FIELDS } from '@shared/api/schemas/tax';
import { messages } from '@shared/messages';
import { FormField } from '@web/components/staff/FormField';
import { SubmitButton } from '@web/components/staff/SubmitButton';
import { useFormFields } from '@web/hooks/use-form-fields';
import { requireFilled, useFormSubmit } from '@web/hooks/use-form-submit';
import { errorMessage } from '@web/lib/api-client';
import { notifySuccess } from '@web/lib/toast';
import { submitTaxAnalytics, type TaxAnalyticsForm as Figures } from '@web/features/reports/api/tax-analytics';
import { useAdmin } from '@web/hooks/use-admin';

/** Spec section 3 "Tax analytics payload": the four figures and their labels. */
const TAX_ANALYTICS_LABELS: Record<keyof Figures, string> = {
  currentBonusGiveaway: 'Current Payment To Winners',
  totalYDGiveaway: 'Total YD Giveaway',
  currentPaymentToGovt: 'Current Payment (Tax) To Government',
  yDOfThe20Percent: 'YD Of The 20% Tax',
};

const EMPTY: Figures = {
  currentBonusGiveaway: '',
  totalYDGiveaway: '',
  currentPaymentToGovt: '',
  yDOfThe20Percent: '',
};

/**
 * Tax Analytics (spec sections 2, 3, 5, 8): four figures, all required
 * ('All fields are required.'), sent with 'Submit Analytics'. `initial`:
 * figures from a report (Reports screen), put in the fields and still editable.
 */
export function TaxAnalyticsForm({ heading, initial }: { heading?: string; initial?: Figures }) {
  const { adminId } = useAdmin();
  const headingId = useId();
  const { fields: form, set, setFields } = useFormFields(initial ?? EMPTY);
  const { sending, onSubmit } = useFormSubmit({
    check: () => requireFilled(form, TAX_ANALYTICS_FIELDS, messages.validation.allFieldsRequired),
    send: async (body) => {
      await submitTaxAnalytics(adminId, body);
      notifySuccess(messages.taxAnalytics.submitted);
      setFields(EMPTY);
    },
    failure: (error) => errorMessage(error, messages.generic.unexpected),
  });

  return (
    <section className="staff-card" aria-labelledby={heading ? headingId : undefined}>
      {heading ? <h2 id={headingId}>{heading}</h2> : null}
      <form className="form" noValidate onSubmit={onSubmit}>
        {TAX_ANALYTICS_FIELDS.map((field) => (
          <FormField
            key={field}
            label={TAX_ANALYTICS_LABELS[field]}
            mandatory
            inputMode="decimal"
            placeholder="0.00"
            value={form[field]}
            onChange={set(field)}
          />
        ))}
        <SubmitButton label="Submit Analytics" busyLabel="Submitting..." sending={sending} />
      </form>
    </section>
  );
}
