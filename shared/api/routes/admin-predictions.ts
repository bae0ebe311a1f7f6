import { ADMIN_SELF, SUPER_ADMIN_SELF } from '../access';
import { route, type RouteSpec } from '../route-spec';

/** Prediction categories and predictions (spec sections 2, 7): super admins only. */
export const adminPredictionRoutes = {
  createPredictionCategory: route('POST', '/api/v1/admin/:id/create-prediction/category', 'admin', SUPER_ADMIN_SELF),
  listPredictionCategories: route('GET', '/api/v1/admin/:id/prediction-categories', 'admin', SUPER_ADMIN_SELF),
  deletePredictionCategory: route(
    'DELETE',
    '/api/v1/admin/:id/delete-prediction/category/:categoryId',
    'admin',
    SUPER_ADMIN_SELF,
  ),
  createPrediction: route('POST', '/api/v1/admin/:id/create-prediction', 'admin', SUPER_ADMIN_SELF),
  listPredictions: route('GET', '/api/v1/admin/:id/predictions', 'admin', SUPER_ADMIN_SELF),
  updatePrediction: route('PUT', '/api/v1/admin/:id/update-prediction/:predictionId', 'admin', SUPER_ADMIN_SELF),
  deletePrediction: route('DELETE', '/api/v1/admin/:id/delete-prediction/:predictionId', 'admin', SUPER_ADMIN_SELF),
} as const satisfies Record<string, RouteSpec>;

/**
 * Tax analytics (spec sections 2, 7; DESIGN section 4 "Tax"): filing is a
 * write, so super admins only; any admin may read the history.
 */
export const adminTaxAnalyticsRoutes = {
  createTaxAnalytics: route('POST', '/api/v1/admin/:id/create-tax-analytics', 'admin', SUPER_ADMIN_SELF),
  listTaxAnalytics: route('GET', '/api/v1/admin/:id/tax-analytics', 'admin', ADMIN_SELF),
} as const satisfies Record<string, RouteSpec>;
