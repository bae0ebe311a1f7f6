import type { ReactNode } from 'react';
import type { CategoryEntity } from '@shared/api/schemas/predictions';
import { FormField } from '@web/components/staff/FormField';
import { SelectField } from '@web/components/staff/SelectField';
import type { PredictionFields } from '@web/features/catalog/api/predictions';
import './predictions.css';

interface PredictionFieldsetProps {
  fields: PredictionFields;
  onChange: (fields: PredictionFields) => void;
  categories: readonly Pick<CategoryEntity, 'ID' | 'Title'>[] | null;
  /** Beside the category select: the '+ New' button on the create form. */
  categoryAction?: ReactNode;
}

/** Spec section 2 "Create Prediction form": question, reference number, category, LRD and USD, yes/no odds. */
export function PredictionFieldset({ fields, onChange, categories, categoryAction }: PredictionFieldsetProps) {
  const set = (name: keyof PredictionFields) => (value: string) => onChange({ ...fields, [name]: value });
  return (
    <>
      <FormField label="Question" required value={fields.question} onChange={set('question')} />
      <div className="prediction-form__grid">
        <FormField
          label="Reference number (optional)"
          value={fields.reference_number}
          onChange={set('reference_number')}
        />
        <SelectField
          label="Category"
          value={fields.category}
          onChange={set('category')}
          options={(categories ?? []).map((c) => ({ value: c.ID, label: c.Title }))}
          placeholder={categories ? 'Select a category' : 'Loading categories…'}
          action={categoryAction}
        />
        <FormField
          label="Currency LRD"
          required
          inputMode="decimal"
          value={fields.currency_lrd}
          onChange={set('currency_lrd')}
        />
        <FormField
          label="Currency USD"
          required
          inputMode="decimal"
          value={fields.currency_usd}
          onChange={set('currency_usd')}
        />
        <FormField
          label="Odds yes"
          required
          inputMode="decimal"
          value={fields.odd_yes}
          onChange={set('odd_yes')}
          note="e.g. 1.85"
        />
        <FormField
          label="Odds no"
          required
          inputMode="decimal"
          value={fields.odd_no}
          onChange={set('odd_no')}
          note="e.g. 2.10"
        />
      </div>
    </>
  );
}
