import * as z from 'zod';
import { MAX_ODDS_HUNDREDTHS, parseOdds } from '../../odds';
import { moneyField, plainText, requiredText } from './common';
import { lazySchema } from './lazy-schema';

export { MAX_ODDS_HUNDREDTHS, formatOdds, parseOdds } from '../../odds';

/**
 * Predictions (spec sections 2 "Create Prediction form", 3 "Prediction", 5):
 * categories and yes/no questions with a price per currency and odds.
 * Money is integer cents once parsed; odds are integer hundredths ("1.85" ↔ 185).
 */

/** The JSON a form may send for a number: the text "1.85" or the number 1.85. */
const numberText = /* @__PURE__ */ lazySchema(() =>
  z.union([z.string().max(32, 'At most 32 characters'), z.number()]).transform((v) => String(v).trim()),
);

/** Positive odds with at most 2 decimals, as whole hundredths. */
const oddsValue = /* @__PURE__ */ lazySchema(() =>
  numberText.transform((text, ctx) => {
    const hundredths = parseOdds(text);
    if (hundredths === null) {
      ctx.addIssue({
        code: 'custom',
        message: `Odds must be a positive number up to ${MAX_ODDS_HUNDREDTHS / 100} with at most 2 decimals, e.g. 1.85`,
      });
      return z.NEVER;
    }
    return hundredths;
  }),
);

/** Ids we issue are UUIDs; anything longer or stranger names nothing of ours. */
export const ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;
const entityId = /* @__PURE__ */ lazySchema(() => z.string().trim().regex(ID_PATTERN, 'Not a known id'));

/** Titles compare case-insensitively and with runs of spaces collapsed. */
const categoryTitle = /* @__PURE__ */ lazySchema(() =>
  requiredText(100).transform((title) => title.replace(/\s+/g, ' ')),
);

// POST /api/v1/admin/{id}/create-prediction/category
/** Any of these missing or blank: the spec's one message (spec section 5), checked before the schema. */
export const CATEGORY_FIELDS = ['category'] as const;
export const createCategoryRequest = /* @__PURE__ */ lazySchema(() => z.object({ category: categoryTitle }));

// POST /api/v1/admin/{id}/create-prediction and PUT .../update-prediction/{predictionId}
/** Required (all but reference_number); any missing or blank: 'Please fill in all fields' (spec section 5). */
export const PREDICTION_FIELDS = ['question', 'category', 'currency_lrd', 'currency_usd', 'odd_yes', 'odd_no'] as const;
export const predictionRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    question: requiredText(500),
    /** Not required (spec section 5); absent or blank is stored as ''. */
    reference_number: z
      .union([plainText(64), z.int().nonnegative().transform(String), z.null()])
      .optional()
      .transform((v) => v ?? ''),
    /** The category's ID. */
    category: entityId,
    currency_lrd: moneyField(),
    currency_usd: moneyField(),
    odd_yes: oddsValue,
    odd_no: oddsValue,
  }),
);
export type PredictionRequest = z.output<typeof predictionRequest>;

// GET /api/v1/admin/{id}/predictions?category=<id> (absent or empty: every category)
export const predictionsQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({
    category: z.preprocess((v) => (v === '' ? undefined : v), entityId.optional()),
  }),
);

/** Spec section 3 "Prediction", as sent by the API and the `admin/predictions` topic. */
const predictionEntity = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ID: z.string(),
    ReferenceNumber: z.string(),
    Question: z.string(),
    Category: z.object({ ID: z.string(), Title: z.string() }),
    CurrencyLRD: z.string(),
    CurrencyUSD: z.string(),
    OddYes: z.string(),
    OddNo: z.string(),
  }),
);
export type PredictionEntity = z.infer<typeof predictionEntity>;

/** A category as listed by the API and the `admin/prediction-categories` topic. */
const categoryEntity = /* @__PURE__ */ lazySchema(() =>
  z.object({ ID: z.string(), Title: z.string(), PredictionCount: z.number() }),
);
export type CategoryEntity = z.infer<typeof categoryEntity>;

// ── answers (shared/api/routes/admin-predictions.ts) and the admin topics' events ──

/** GET predictions and the `admin/predictions` topic's event. */
export const predictionsList = /* @__PURE__ */ lazySchema(() => z.object({ Predictions: z.array(predictionEntity) }));
/** GET prediction-categories and the `admin/prediction-categories` topic's event. */
export const categoriesList = /* @__PURE__ */ lazySchema(() => z.object({ Categories: z.array(categoryEntity) }));
/** POST create-prediction/category: the new category (no predictions yet). */
export const categoryCreatedResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({
    message: z.string(),
    Category: categoryEntity.pick({ ID: true, Title: true }),
  }),
);
/** POST create-prediction and PUT update-prediction/{predictionId}. */
export const predictionResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({ message: z.string(), Prediction: predictionEntity }),
);
