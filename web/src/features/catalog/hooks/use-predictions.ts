import type { CategoryEntity, PredictionEntity } from '@shared/api/schemas/predictions';
import { messages } from '@shared/messages';
import { topicRef } from '@shared/topics';
import { useLiveList, type LiveList } from '@web/hooks/use-live-list';

const PREDICTIONS = topicRef('adminPredictions');
const CATEGORIES = topicRef('adminPredictionCategories');

/*
 * A bad payload on these two lists gets the spec's own text, 'Invalid data
 * format received' (spec section 8), rather than the generic one.
 */

/** The live `admin/predictions` list, newest first. */
export function usePredictions(): LiveList<PredictionEntity> {
  return useLiveList(PREDICTIONS, (data) => data.predictions?.Predictions, {
    refused: messages.prediction.connectFailed,
    invalid: messages.prediction.invalidData,
  });
}

/** The live `admin/prediction-categories` list, by title. */
export function usePredictionCategories(): LiveList<CategoryEntity> {
  return useLiveList(CATEGORIES, (data) => data.categories?.Categories, {
    refused: messages.prediction.categoriesConnectFailed,
    invalid: messages.prediction.invalidData,
  });
}
