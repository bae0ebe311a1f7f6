import {
  formatOdds,
  PREDICTION_FIELDS,
  predictionRequest,
  type PredictionEntity,
} from '@shared/api/schemas/predictions';
import { messages } from '@shared/messages';
import { formatMoney } from '@shared/money';
import type { PredictionFields } from '@web/features/catalog/api/predictions';

export const emptyPrediction: PredictionFields = {
  question: '',
  reference_number: '',
  category: '',
  currency_lrd: '',
  currency_usd: '',
  odd_yes: '',
  odd_no: '',
};

/** The edit dialog starts from the prediction as listed. */
export const predictionFieldsOf = (p: PredictionEntity): PredictionFields => ({
  question: p.Question,
  reference_number: p.ReferenceNumber,
  category: p.Category.ID,
  currency_lrd: p.CurrencyLRD,
  currency_usd: p.CurrencyUSD,
  odd_yes: p.OddYes,
  odd_no: p.OddNo,
});

/**
 * Spec section 5 "Prediction": question, category, both currencies and both
 * odds required, else 'Please fill in all fields'; the reference number is
 * not. Then the API's own rules (the shared schema). Money and odds go out as
 * "123.45" / "1.85" strings, never through a float.
 */
export function checkPrediction(fields: PredictionFields): { error: string } | { body: PredictionFields } {
  if (PREDICTION_FIELDS.some((name) => !fields[name].trim())) return { error: messages.validation.fillInAllFields };
  const parsed = predictionRequest.safeParse(fields);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? messages.validation.fillInAllFields };
  const p = parsed.data;
  return {
    body: {
      question: p.question,
      reference_number: p.reference_number,
      category: p.category,
      currency_lrd: formatMoney(p.currency_lrd),
      currency_usd: formatMoney(p.currency_usd),
      odd_yes: formatOdds(p.odd_yes),
      odd_no: formatOdds(p.odd_no),
    },
  };
}
