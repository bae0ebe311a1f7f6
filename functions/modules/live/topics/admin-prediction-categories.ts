import { topicEvents, topicNames } from '@shared/topics';
import { categoryEntity, listCategories } from '../../catalog';
import { entityOf, type ItemChange } from '../../../platform/item-change';
import { defineTopic } from '../topic-definition';

/**
 * `admin/prediction-categories`: `{Categories:[{ID, Title, PredictionCount}]}`
 * by title, for super admins. The count lives on the category item and moves
 * in the same transaction as each prediction write, so category changes alone
 * make this stale.
 */
export const adminPredictionCategoriesTopic = defineTopic('adminPredictionCategories', {
  async snapshot() {
    return [
      topicEvents('adminPredictionCategories').categories({ Categories: (await listCategories()).map(categoryEntity) }),
    ];
  },
  affectedBy(change: ItemChange) {
    return entityOf(change) === 'predictionCategory' ? [topicNames.adminPredictionCategories] : [];
  },
});
