import { useState } from 'react';
import { messages } from '@shared/messages';
import { SubmitButton } from '@web/components/staff/SubmitButton';
import { useFormSubmit } from '@web/hooks/use-form-submit';
import { errorMessage } from '@web/lib/api-client';
import { notifySuccess } from '@web/lib/toast';
import { createPromotion, type PromotionFields } from '@web/features/catalog/api/promotions';
import { checkPromotion, emptyPromotion } from './promotion-form';
import { PromotionFieldset } from './PromotionFieldset';

/** Spec sections 2, 5, 7, 8 "Create Promotion form". */
export function CreatePromotionForm({ adminId, onCreated }: { adminId: string; onCreated: () => void }) {
  const [fields, setFields] = useState<PromotionFields>(emptyPromotion);
  const { sending, onSubmit } = useFormSubmit({
    check: () => checkPromotion(fields),
    send: async (body) => {
      await createPromotion(adminId, body);
      notifySuccess(messages.promotion.created);
      setFields(emptyPromotion);
      onCreated();
    },
    failure: (error) => errorMessage(error, messages.generic.unexpected),
  });

  return (
    <form className="staff-card form" noValidate onSubmit={onSubmit} aria-labelledby="create-promotion-heading">
      <h2 id="create-promotion-heading">New promotion</h2>
      <PromotionFieldset fields={fields} onChange={setFields} />
      <div className="staff-form-actions">
        <SubmitButton label="Create Promotion" busyLabel="Creating Promotion..." sending={sending} />
      </div>
    </form>
  );
}
