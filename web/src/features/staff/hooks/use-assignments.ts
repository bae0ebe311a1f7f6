import type { AssignmentGroup } from '@shared/api/schemas/catalog';
import { topicRef } from '@shared/topics';
import { useLiveList, type LiveList } from '@web/hooks/use-live-list';

const ASSIGNMENTS = topicRef('adminAssignments');

/** The live `admin/assignments` list: partner promotions grouped by partner, with counts. */
export function useAssignments(): LiveList<AssignmentGroup> {
  return useLiveList(ASSIGNMENTS, (data) => data.assignments?.Groups);
}
