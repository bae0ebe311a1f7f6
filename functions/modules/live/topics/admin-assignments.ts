import { topicEvents, topicNames } from '@shared/topics';
import { assignmentGroups } from '../../catalog';
import { entityOf, valuesOf, type ItemChange } from '../../../platform/item-change';
import { defineTopic } from '../topic-definition';

/**
 * `admin/assignments`: partner promotions grouped by
 * partner, refreshed when an assignment, a promotion's title or a partner's
 * name or code changes.
 */
export const adminAssignmentsTopic = defineTopic('adminAssignments', {
  async snapshot() {
    return [topicEvents('adminAssignments').assignments({ Groups: await assignmentGroups() })];
  },
  affectedBy(change: ItemChange) {
    const entity = entityOf(change);
    const relevant =
      entity === 'assignment' ||
      entity === 'promotion' ||
      (entity === 'user' && valuesOf(change, 'role').includes('partner'));
    return relevant ? [topicNames.adminAssignments] : [];
  },
});
