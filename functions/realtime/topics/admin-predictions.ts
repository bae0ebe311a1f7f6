import { topicNames } from '../../../shared/topics';
import { listPredictionEntities } from '../../store/predictions';
import { entityOf, type ItemChange } from '../item-change';
import { isSuperAdmin, type TopicDefinition } from '../topic-definition';

/**
 * `admin/predictions` (spec section 3 "Prediction"): `{Predictions:[...]}`,
 * newest first, for super admins; refreshed whenever a prediction changes
 * (category titles never change while a prediction uses them).
 */
export const adminPredictionsTopic: TopicDefinition = {
  pattern: topicNames.adminPredictions,
  canRead: (user) => isSuperAdmin(user),
  async snapshot() {
    return [{ event: 'predictions', data: { Predictions: await listPredictionEntities() } }];
  },
  affectedBy(change: ItemChange) {
    return entityOf(change) === 'prediction' ? [topicNames.adminPredictions] : [];
  },
};
