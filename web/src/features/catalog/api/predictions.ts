import { adminPredictionRoutes as routes } from '@shared/api/routes/admin-predictions';
import { callRoute } from '@web/lib/api-routes';

/**
 * The Create Prediction form's fields (spec section 7 "Create prediction"):
 * `category` is the category's ID; money and odds stay "1.85"-style strings.
 */
export interface PredictionFields {
  question: string;
  reference_number: string;
  category: string;
  currency_lrd: string;
  currency_usd: string;
  odd_yes: string;
  odd_no: string;
}

export const createPredictionCategory = (adminId: string, category: string) =>
  callRoute(routes.createPredictionCategory, { id: adminId }, { body: { category } });

export const createPrediction = (adminId: string, fields: PredictionFields) =>
  callRoute(routes.createPrediction, { id: adminId }, { body: fields });

export const updatePrediction = (adminId: string, predictionId: string, fields: PredictionFields) =>
  callRoute(routes.updatePrediction, { id: adminId, predictionId }, { body: fields });

export const deletePrediction = (adminId: string, predictionId: string) =>
  callRoute(routes.deletePrediction, { id: adminId, predictionId });
