import { FormField } from '@web/components/staff/FormField';
import type { PromotionFields } from '@web/features/catalog/api/promotions';
import './promotions.css';

/** The three promotion fields (spec section 7 "Create promotion"), shared by the create form and the edit dialog. */
export function PromotionFieldset({
  fields,
  onChange,
}: {
  fields: PromotionFields;
  onChange: (fields: PromotionFields) => void;
}) {
  const set = (name: keyof PromotionFields) => (value: string) => onChange({ ...fields, [name]: value });
  return (
    <>
      <FormField label="Promotion title" required value={fields.promotion_title} onChange={set('promotion_title')} />
      <div className="promotion-form__prices">
        <FormField
          label="Promotion prize (LRD)"
          required
          inputMode="decimal"
          value={fields.promotion_prize_lrd}
          onChange={set('promotion_prize_lrd')}
          note="What a player pays to enter in LRD, e.g. 100.00"
        />
        <FormField
          label="Promotion prize (USD)"
          required
          inputMode="decimal"
          value={fields.promotion_prize_usd}
          onChange={set('promotion_prize_usd')}
          note="What a player pays to enter in USD, e.g. 0.50"
        />
      </div>
    </>
  );
}
