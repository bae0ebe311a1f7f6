import { routes } from '@shared/api/routes';
import type { CategoryEntity, PredictionEntity } from '@shared/api/schemas/predictions';
import { callRouteAs } from '@web/lib/api-routes';

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

export function createPredictionCategory(adminId: string, category: string) {
  return callRouteAs<{ message: string; Category: Pick<CategoryEntity, 'ID' | 'Title'> }>(
    routes.createPredictionCategory,
    { id: adminId },
    { body: { category } },
  );
}

export function createPrediction(adminId: string, fields: PredictionFields) {
  return callRouteAs<{ message: string; Prediction: PredictionEntity }>(
    routes.createPrediction,
    { id: adminId },
    { body: fields },
  );
}

export function updatePrediction(adminId: string, predictionId: string, fields: PredictionFields) {
  return callRouteAs<{ message: string; Prediction: PredictionEntity }>(
    routes.updatePrediction,
    { id: adminId, predictionId },
    { body: fields },
  );
}

export function deletePrediction(adminId: string, predictionId: string) {
  return callRouteAs<{ message: string }>(routes.deletePrediction, { id: adminId, predictionId });
}
