import { PROMOTION_FIELDS, promotionBody, type PromotionRecord } from '@shared/api/schemas/catalog';
import { messages } from '@shared/messages';
import { formatMoney } from '@shared/money';
import type { PromotionFields } from '@web/features/catalog/api/promotions';

export const emptyPromotion: PromotionFields = {
  promotion_title: '',
  promotion_prize_lrd: '',
  promotion_prize_usd: '',
};

export const promotionFieldsOf = (promotion: PromotionRecord): PromotionFields => ({
  promotion_title: promotion.promotion_title,
  promotion_prize_lrd: promotion.promotion_prize_lrd,
  promotion_prize_usd: promotion.promotion_prize_usd,
});

/**
 * Spec section 5 "Create Promotion": title and both prices required, else
 * 'All required fields must be filled.'; then the API's own rules (the shared
 * schema), so the form and the server say the same thing. Prices go out as
 * "123.45" strings parsed to cents and back — never through a float.
 */
export function checkPromotion(fields: PromotionFields): { error: string } | { body: PromotionFields } {
  if (PROMOTION_FIELDS.some((name) => !fields[name].trim())) return { error: messages.validation.allRequiredFields };
  const parsed = promotionBody.safeParse(fields);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? messages.validation.allRequiredFields };
  return {
    body: {
      promotion_title: parsed.data.promotion_title,
      promotion_prize_lrd: formatMoney(parsed.data.promotion_prize_lrd),
      promotion_prize_usd: formatMoney(parsed.data.promotion_prize_usd),
    },
  };
}
