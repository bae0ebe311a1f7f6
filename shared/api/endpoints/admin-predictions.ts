import { messages } from '../../messages';
import { ADMIN_SELF, SUPER_ADMIN_SELF } from '../access';
import { requiredWith, route, type RouteSpec } from '../route-spec';
import {
  CATEGORY_FIELDS,
  createCategoryRequest,
  PREDICTION_FIELDS,
  predictionRequest,
  predictionsQuery,
} from '../schemas/predictions';
import { TAX_ANALYTICS_FIELDS, taxAnalyticsRequest } from '../schemas/tax';

/** Any of these missing or blank: the spec's one message (spec section 5), checked before each field's own rule. */
const fillInAll = requiredWith(messages.validation.fillInAllFields);

/** Prediction categories and predictions (spec sections 2, 7): super admins only. */
export const adminPredictionEndpoints = {
  createPredictionCategory: route('POST', '/api/v1/admin/:id/create-prediction/category', 'admin', SUPER_ADMIN_SELF, {
    required: fillInAll(CATEGORY_FIELDS),
    body: createCategoryRequest,
  }),
  listPredictionCategories: route('GET', '/api/v1/admin/:id/prediction-categories', 'admin', SUPER_ADMIN_SELF),
  deletePredictionCategory: route(
    'DELETE',
    '/api/v1/admin/:id/delete-prediction/category/:categoryId',
    'admin',
    SUPER_ADMIN_SELF,
    {},
  ),
  createPrediction: route('POST', '/api/v1/admin/:id/create-prediction', 'admin', SUPER_ADMIN_SELF, {
    required: fillInAll(PREDICTION_FIELDS),
    body: predictionRequest,
  }),
  listPredictions: route('GET', '/api/v1/admin/:id/predictions', 'admin', SUPER_ADMIN_SELF, {
    query: predictionsQuery,
  }),
  updatePrediction: route('PUT', '/api/v1/admin/:id/update-prediction/:predictionId', 'admin', SUPER_ADMIN_SELF, {
    required: fillInAll(PREDICTION_FIELDS),
    body: predictionRequest,
  }),
  deletePrediction: route('DELETE', '/api/v1/admin/:id/delete-prediction/:predictionId', 'admin', SUPER_ADMIN_SELF),
} as const satisfies Record<string, RouteSpec>;

/**
 * Tax analytics (spec sections 2, 7; DESIGN section 4 "Tax"): filing is a
 * write, so super admins only; any admin may read the history.
 */
export const adminTaxAnalyticsEndpoints = {
  createTaxAnalytics: route('POST', '/api/v1/admin/:id/create-tax-analytics', 'admin', SUPER_ADMIN_SELF, {
    // any missing figure: the spec's one message (spec section 5); then each figure's own rule
    required: { fields: TAX_ANALYTICS_FIELDS, message: messages.validation.allFieldsRequired },
    body: taxAnalyticsRequest,
  }),
  listTaxAnalytics: route('GET', '/api/v1/admin/:id/tax-analytics', 'admin', ADMIN_SELF),
} as const satisfies Record<string, RouteSpec>;
