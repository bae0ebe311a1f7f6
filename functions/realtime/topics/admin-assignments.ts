import { topicNames } from '../../../shared/topics';
import { assignmentGroups } from '../../admin/assignment-groups';
import { entityOf, valuesOf, type ItemChange } from '../item-change';
import { isSuperAdmin, type TopicDefinition } from '../topic-definition';

/**
 * `admin/assignments` (issue 4 item 6): partner promotions grouped by
 * partner, refreshed when an assignment, a promotion's title or a partner's
 * name or code changes.
 */
export const adminAssignmentsTopic: TopicDefinition = {
  pattern: topicNames.adminAssignments,
  canRead: (user) => isSuperAdmin(user),
  async snapshot() {
    return [{ event: 'assignments', data: { Groups: await assignmentGroups() } }];
  },
  affectedBy(change: ItemChange) {
    const entity = entityOf(change);
    const relevant =
      entity === 'assignment' ||
      entity === 'promotion' ||
      (entity === 'user' && valuesOf(change, 'role').includes('partner'));
    return relevant ? [topicNames.adminAssignments] : [];
  },
};
