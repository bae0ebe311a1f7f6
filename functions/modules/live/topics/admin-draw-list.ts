import { topicNames } from '@shared/topics';
import { drawListEvents } from '../../dashboards';
import { entityOf, valuesOf, type ItemChange } from '../../../platform/item-change';
import { defineTopic } from '../topic-definition';
import { balanceChangedOf, staffUserChanged } from './admin-partners';

/**
 * `admin/draw-list` (DESIGN section 6; spec "Partners' Data Analytics (Draw)"):
 * super admins only. An assignment's counters or item (its open window), a
 * partner's balance, name or search string, or a promotion's title refresh it.
 */
export const adminDrawListTopic = defineTopic('adminDrawList', {
  snapshot: (_params, now) => drawListEvents(now),
  affectedBy(change: ItemChange) {
    const entity = entityOf(change);
    const affected =
      (entity === 'counter' && valuesOf(change, 'assignmentId').length > 0) ||
      entity === 'assignment' ||
      entity === 'promotion' ||
      balanceChangedOf(change, 'partner') ||
      staffUserChanged(change, 'partner', ['username', 'searchString']);
    return affected ? [topicNames.adminDrawList] : [];
  },
});
