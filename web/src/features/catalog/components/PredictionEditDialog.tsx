import { useState } from 'react';
import type { CategoryEntity, PredictionEntity } from '@shared/api/schemas/predictions';
import { messages } from '@shared/messages';
import { FormDialog } from '@web/components/staff/FormDialog';
import { useFormSubmit } from '@web/hooks/use-form-submit';
import { errorMessage } from '@web/lib/api-client';
import { notifySuccess } from '@web/lib/toast';
import { updatePrediction, type PredictionFields } from '@web/features/catalog/api/predictions';
import { checkPrediction, predictionFieldsOf } from './prediction-form';
import { PredictionFieldset } from './PredictionFieldset';

interface PredictionEditDialogProps {
  adminId: string;
  prediction: PredictionEntity;
  categories: readonly Pick<CategoryEntity, 'ID' | 'Title'>[] | null;
  onClose: () => void;
}

/** The list's working edit: PUT update-prediction from a pre-filled dialog; the live list shows the change. */
export function PredictionEditDialog({ adminId, prediction, categories, onClose }: PredictionEditDialogProps) {
  const [fields, setFields] = useState<PredictionFields>(() => predictionFieldsOf(prediction));
  const { sending, onSubmit } = useFormSubmit({
    check: () => checkPrediction(fields),
    send: async (body) => {
      await updatePrediction(adminId, prediction.ID, body);
      notifySuccess(messages.prediction.updated);
      onClose();
    },
    failure: (error) => errorMessage(error, messages.generic.unexpected),
  });

  return (
    <FormDialog
      title="Edit Prediction"
      formId="prediction-edit-form"
      submitLabel="Save"
      busyLabel="Saving..."
      sending={sending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <PredictionFieldset fields={fields} onChange={setFields} categories={categories} />
    </FormDialog>
  );
}
