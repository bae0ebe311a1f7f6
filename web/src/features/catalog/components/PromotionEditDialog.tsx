import { useState } from 'react';
import type { PromotionRecord } from '@shared/api/schemas/catalog';
import { messages } from '@shared/messages';
import { FormDialog } from '@web/components/staff/FormDialog';
import { useFormSubmit } from '@web/hooks/use-form-submit';
import { errorMessage } from '@web/lib/api-client';
import { notifySuccess } from '@web/lib/toast';
import { updatePromotion, type PromotionFields } from '@web/features/catalog/api/promotions';
import { checkPromotion, promotionFieldsOf } from './promotion-form';
import { PromotionFieldset } from './PromotionFieldset';

interface PromotionEditDialogProps {
  adminId: string;
  promotion: PromotionRecord;
  onSaved: () => void;
  onClose: () => void;
}

/** Update a promotion's title and prices (PUT promotion/update), pre-filled. */
export function PromotionEditDialog({ adminId, promotion, onSaved, onClose }: PromotionEditDialogProps) {
  const [fields, setFields] = useState<PromotionFields>(() => promotionFieldsOf(promotion));
  const { sending, onSubmit } = useFormSubmit({
    check: () => checkPromotion(fields),
    send: async (body) => {
      const { message } = await updatePromotion(adminId, promotion.ID, body);
      notifySuccess(message);
      onSaved();
      onClose();
    },
    failure: (error) => errorMessage(error, messages.generic.unexpected),
  });

  return (
    <FormDialog
      title="Update Promotion"
      formId="promotion-edit-form"
      submitLabel="Save"
      busyLabel="Saving..."
      sending={sending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <PromotionFieldset fields={fields} onChange={setFields} />
    </FormDialog>
  );
}
