import { topicEvents, topicNames } from '@shared/topics';
import { listPredictionEntities } from '../../catalog';
import { entityOf, type ItemChange } from '../../../platform/item-change';
import { defineTopic } from '../topic-definition';

/**
 * `admin/predictions` (spec section 3 "Prediction"): `{Predictions:[...]}`,
 * newest first, for super admins; refreshed whenever a prediction changes
 * (category titles never change while a prediction uses them).
 */
export const adminPredictionsTopic = defineTopic('adminPredictions', {
  async snapshot() {
    return [topicEvents('adminPredictions').predictions({ Predictions: await listPredictionEntities() })];
  },
  affectedBy(change: ItemChange) {
    return entityOf(change) === 'prediction' ? [topicNames.adminPredictions] : [];
  },
});
