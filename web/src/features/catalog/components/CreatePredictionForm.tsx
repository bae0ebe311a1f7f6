import { useMemo, useState } from 'react';
import type { CategoryEntity } from '@shared/api/schemas/predictions';
import { messages } from '@shared/messages';
import { SubmitButton } from '@web/components/staff/SubmitButton';
import { useFormSubmit } from '@web/hooks/use-form-submit';
import { errorMessage } from '@web/lib/api-client';
import { notifySuccess } from '@web/lib/toast';
import { createPrediction, type PredictionFields } from '@web/features/catalog/api/predictions';
import { CategoryDialog } from './CategoryDialog';
import { checkPrediction, emptyPrediction } from './prediction-form';
import { PredictionFieldset } from './PredictionFieldset';

type Category = Pick<CategoryEntity, 'ID' | 'Title'>;

interface CreatePredictionFormProps {
  adminId: string;
  /** The live categories; null until the first snapshot. */
  categories: readonly Category[] | null;
}

/** Spec sections 2, 5, 7, 8 "Create Prediction form", with the '+ New' category dialog. */
export function CreatePredictionForm({ adminId, categories }: CreatePredictionFormProps) {
  const [fields, setFields] = useState<PredictionFields>(emptyPrediction);
  const [addingCategory, setAddingCategory] = useState(false);
  // A category just made is chosen at once, before the live list brings it.
  const [created, setCreated] = useState<Category[]>([]);

  const options = useMemo(() => {
    if (categories === null && created.length === 0) return null;
    const live = categories ?? [];
    const extra = created.filter((c) => !live.some((l) => l.ID === c.ID));
    return [...live, ...extra];
  }, [categories, created]);

  const { sending, onSubmit } = useFormSubmit({
    check: () => checkPrediction(fields),
    send: async (body) => {
      await createPrediction(adminId, body);
      notifySuccess(messages.prediction.created);
      setFields(emptyPrediction);
    },
    failure: (error) => errorMessage(error, messages.generic.unexpected),
  });

  return (
    <>
      <form className="staff-card form" noValidate onSubmit={onSubmit} aria-labelledby="create-prediction-heading">
        <h2 id="create-prediction-heading">Create Prediction</h2>
        <PredictionFieldset
          fields={fields}
          onChange={setFields}
          categories={options}
          categoryAction={
            <button type="button" className="button button--secondary" onClick={() => setAddingCategory(true)}>
              + New<span className="visually-hidden"> category</span>
            </button>
          }
        />
        <div className="staff-form-actions">
          <SubmitButton label="Create Prediction" busyLabel="Creating Prediction..." sending={sending} />
        </div>
      </form>
      {addingCategory ? (
        <CategoryDialog
          adminId={adminId}
          onClose={() => setAddingCategory(false)}
          onCreated={(category) => {
            setCreated((list) => [...list, category]);
            setFields((f) => ({ ...f, category: category.ID }));
          }}
        />
      ) : null}
    </>
  );
}
