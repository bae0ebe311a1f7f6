import { useId, useState } from 'react';
import type { CategoryEntity } from '@shared/api/schemas/predictions';
import { messages } from '@shared/messages';
import { FormDialog } from '@web/components/staff/FormDialog';
import { FormField } from '@web/components/staff/FormField';
import { useFormSubmit, type Checked } from '@web/hooks/use-form-submit';
import { errorMessage } from '@web/lib/api-client';
import { notifySuccess } from '@web/lib/toast';
import { createPredictionCategory } from '@web/features/catalog/api/predictions';

interface CategoryDialogProps {
  adminId: string;
  onCreated: (category: Pick<CategoryEntity, 'ID' | 'Title'>) => void;
  onClose: () => void;
}

/** The '+ New' category dialog (spec sections 2, 7 "Create category", 8 'Category created successfully!'). */
export function CategoryDialog({ adminId, onCreated, onClose }: CategoryDialogProps) {
  const id = useId();
  const [title, setTitle] = useState('');
  const { sending, onSubmit } = useFormSubmit({
    check: (): Checked<string> =>
      title.trim() ? { body: title.trim() } : { error: messages.validation.fillInAllFields },
    send: async (body) => {
      const { Category } = await createPredictionCategory(adminId, body);
      notifySuccess(messages.prediction.categoryCreated);
      onCreated(Category);
      onClose();
    },
    failure: (error) => errorMessage(error, messages.generic.unexpected),
  });

  return (
    <FormDialog
      title="New Category"
      formId={`${id}-form`}
      submitLabel="Create Category"
      busyLabel="Creating..."
      sending={sending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <FormField label="Category name" required value={title} onChange={setTitle} />
    </FormDialog>
  );
}
