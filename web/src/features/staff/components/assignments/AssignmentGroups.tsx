import type { AssignmentGroup, AssignmentRecord } from '@shared/api/schemas/catalog';
import { AssignmentCard } from './AssignmentCard';
import './assignments.css';

interface AssignmentGroupsProps {
  groups: readonly AssignmentGroup[];
  onEdit: (assignment: AssignmentRecord) => void;
  onDelete: (assignment: AssignmentRecord) => void;
  onSetStatus: (assignment: AssignmentRecord, status: 'active' | 'ended') => void;
  busyId: string | null;
}

const promotionsCount = (n: number) => `${n} ${n === 1 ? 'promotion' : 'promotions'}`;

/** Spec "Partner Promotions": the list grouped by partner, each with its promotion count. */
export function AssignmentGroups({ groups, onEdit, onDelete, onSetStatus, busyId }: AssignmentGroupsProps) {
  return (
    <div className="assignment-groups">
      {groups.map((group) => {
        const shown = group.Assignments.length;
        return (
          <section
            key={group.PartnerID}
            className="staff-card assignment-group"
            aria-labelledby={`group-${group.PartnerID}`}
          >
            <header className="assignment-group__header">
              <h2 id={`group-${group.PartnerID}`}>
                {group.PartnerUsername || group.PartnerSearchString}{' '}
                <span className="assignment-group__code">({group.PartnerSearchString})</span>
              </h2>
              <span className="badge" data-testid="promotion-count">
                {shown === group.Count ? promotionsCount(group.Count) : `${shown} of ${promotionsCount(group.Count)}`}
              </span>
            </header>
            <ul role="list" className="assignment-group__list">
              {group.Assignments.map((assignment) => (
                <AssignmentCard
                  key={assignment.ID}
                  assignment={assignment}
                  onEdit={onEdit}
                  onDelete={onDelete}
                  onSetStatus={onSetStatus}
                  busy={busyId === assignment.ID}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
