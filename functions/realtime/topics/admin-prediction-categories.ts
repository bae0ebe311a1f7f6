import { topicNames } from '../../../shared/topics';
import { categoryEntity, listCategories } from '../../store/predictions';
import { entityOf, type ItemChange } from '../item-change';
import { isSuperAdmin, type TopicDefinition } from '../topic-definition';

/**
 * `admin/prediction-categories`: `{Categories:[{ID, Title, PredictionCount}]}`
 * by title, for super admins. The count lives on the category item and moves
 * in the same transaction as each prediction write, so category changes alone
 * make this stale.
 */
export const adminPredictionCategoriesTopic: TopicDefinition = {
  pattern: topicNames.adminPredictionCategories,
  canRead: (user) => isSuperAdmin(user),
  async snapshot() {
    return [{ event: 'prediction-categories', data: { Categories: (await listCategories()).map(categoryEntity) } }];
  },
  affectedBy(change: ItemChange) {
    return entityOf(change) === 'predictionCategory' ? [topicNames.adminPredictionCategories] : [];
  },
};
