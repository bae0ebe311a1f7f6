import { assignmentGroups, type AssignmentGroup } from '../../../../../shared/api/schemas/catalog';
import { topicNames } from '../../../../../shared/topics';
import { useTopic } from '../../../hooks/use-topic';

/** The event name as the topic sends it (functions/realtime/topics/admin-assignments.ts). */
const assignmentEvents = { assignments: assignmentGroups };

export interface AssignmentsState {
  /** null until the first snapshot. */
  groups: AssignmentGroup[] | null;
  /** The server's reason when it refused the topic. */
  refused: string | null;
}

/** The live `admin/assignments` list: partner promotions grouped by partner, with counts. */
export function useAssignments(): AssignmentsState {
  const { data, refused } = useTopic(topicNames.adminAssignments, assignmentEvents);
  return { groups: data.assignments?.Groups ?? null, refused };
}
