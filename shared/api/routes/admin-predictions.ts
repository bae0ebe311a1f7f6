import { adminPredictionEndpoints, adminTaxAnalyticsEndpoints } from '../endpoints/admin-predictions';
import { withAnswers } from '../route-spec';
import { messageResponse } from '../schemas/common';
import { categoriesList, categoryCreatedResponse, predictionResponse, predictionsList } from '../schemas/predictions';
import { taxAnalyticsList, taxAnalyticsResponse } from '../schemas/tax';

/** adminPredictionEndpoints with the schema of each route's 2xx answer: the typed contract callers use. */
export const adminPredictionRoutes = withAnswers(adminPredictionEndpoints, {
  createPredictionCategory: categoryCreatedResponse,
  listPredictionCategories: categoriesList,
  deletePredictionCategory: messageResponse,
  createPrediction: predictionResponse,
  listPredictions: predictionsList,
  updatePrediction: predictionResponse,
  deletePrediction: messageResponse,
});

/** adminTaxAnalyticsEndpoints with the schema of each route's 2xx answer: the typed contract callers use. */
export const adminTaxAnalyticsRoutes = withAnswers(adminTaxAnalyticsEndpoints, {
  createTaxAnalytics: taxAnalyticsResponse,
  listTaxAnalytics: taxAnalyticsList,
});
