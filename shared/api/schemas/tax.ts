import * as z from 'zod';
import { moneyField } from './common';
import { lazySchema } from './lazy-schema';

/**
 * Tax analytics (spec sections 2 "Tax Analytics", 3 "Tax analytics payload",
 * 5; DESIGN section 4 "Tax"): the four figures actually filed, kept as history.
 */

// POST /api/v1/admin/{id}/create-tax-analytics
/** All four required; any missing or blank: 'All fields are required.' (spec section 5). */
export const TAX_ANALYTICS_FIELDS = [
  'currentBonusGiveaway',
  'totalYDGiveaway',
  'currentPaymentToGovt',
  'yDOfThe20Percent',
] as const;
export const taxAnalyticsRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** Labelled 'Current Payment To Winners' on the form. */
    currentBonusGiveaway: moneyField(),
    totalYDGiveaway: moneyField(),
    /** Labelled 'Current Payment (Tax) To Government' on the form. */
    currentPaymentToGovt: moneyField(),
    yDOfThe20Percent: moneyField(),
  }),
);

/** One filing as listed: the payload's names with money strings, plus who filed it and when. */
const taxFilingEntity = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ID: z.string(),
    currentBonusGiveaway: z.string(),
    totalYDGiveaway: z.string(),
    currentPaymentToGovt: z.string(),
    yDOfThe20Percent: z.string(),
    filedBy: z.string(),
    filedAt: z.string(),
  }),
);
export type TaxFilingEntity = z.infer<typeof taxFilingEntity>;
/** POST create-tax-analytics: the filing as stored. */
export const taxAnalyticsResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({ message: z.string(), TaxAnalytics: taxFilingEntity }),
);
/** GET tax-analytics: every filing, the history. */
export const taxAnalyticsList = /* @__PURE__ */ lazySchema(() => z.object({ TaxAnalytics: z.array(taxFilingEntity) }));

/** Spec section 3 "Dashboard overview record": RecentTaxSetting, key casing as the spec writes it. */
export const recentTaxSetting = /* @__PURE__ */ lazySchema(() =>
  z.object({
    CurrentBonusGiveaway: z.string(),
    currentPaymentToGovt: z.string(),
    totalYDGiveaway: z.string(),
    YDOfThe20Percent: z.string(),
    filedAt: z.string(),
  }),
);
export type RecentTaxSetting = z.infer<typeof recentTaxSetting>;
