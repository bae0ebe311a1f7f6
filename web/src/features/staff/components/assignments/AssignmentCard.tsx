import { useId, useState } from 'react';
import type { AssignmentRecord } from '@shared/api/schemas/catalog';
import { StaffActions } from '@web/components/staff/ActionsCell';
import { RowButton } from '@web/components/staff/RowButton';
import { staffLrd } from '@web/lib/staff-money';
import { serverLabel } from './assignment-form';

interface AssignmentCardProps {
  assignment: AssignmentRecord;
  onEdit: (assignment: AssignmentRecord) => void;
  onDelete: (assignment: AssignmentRecord) => void;
  onSetStatus: (assignment: AssignmentRecord, status: 'active' | 'ended') => void;
  /** True while its status change is being sent. */
  busy: boolean;
}

/** One partner promotion: its title and code, expanding to every field with Edit, End/Resume and Delete. */
export function AssignmentCard({ assignment: a, onEdit, onDelete, onSetStatus, busy }: AssignmentCardProps) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const ended = a.Status === 'ended';
  return (
    <li className="assignment-card" data-assignment-id={a.ID}>
      <h3 className="assignment-card__heading">
        <button
          type="button"
          className="assignment-card__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="assignment-card__title">{a.Promotion.PromotionTitle || 'Untitled promotion'}</span>
          <span className="assignment-card__code">Code {a.SharedCode}</span>
          <span className={ended ? 'badge assignment-card__status--ended' : 'badge'}>{ended ? 'Ended' : 'Active'}</span>
        </button>
      </h3>
      <div id={bodyId} className="assignment-card__body" hidden={!open}>
        <dl className="assignment-card__fields">
          <div>
            <dt>Promotion</dt>
            <dd>{a.Promotion.PromotionTitle}</dd>
          </div>
          <div>
            <dt>Partner percentage</dt>
            <dd>{a.PartnerPercentage}%</dd>
          </div>
          <div>
            <dt>Announcer percentage</dt>
            <dd>{a.AnnouncerPercentage}%</dd>
          </div>
          <div>
            <dt>Shared code</dt>
            <dd>{a.SharedCode}</dd>
          </div>
          <div>
            <dt>Server</dt>
            <dd>{serverLabel(a.Server)}</dd>
          </div>
          <div>
            <dt>Threshold</dt>
            <dd>{a.Threshold}</dd>
          </div>
          <div>
            <dt>Starting threshold</dt>
            <dd>{a.StartingThreshold}</dd>
          </div>
          <div>
            <dt>Winner amount</dt>
            <dd>{staffLrd(a.WinnerAmount)}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>{ended ? 'Ended: takes no new entries' : 'Active'}</dd>
          </div>
          <div>
            <dt>Paid entries</dt>
            <dd>{a.PaidEntries}</dd>
          </div>
        </dl>
        <StaffActions
          destructive={
            <RowButton variant="danger" onClick={() => onDelete(a)}>
              Delete
            </RowButton>
          }
        >
          <RowButton variant="secondary" onClick={() => onEdit(a)}>
            Edit
          </RowButton>
          <RowButton variant="secondary" disabled={busy} onClick={() => onSetStatus(a, ended ? 'active' : 'ended')}>
            {ended ? 'Resume' : 'End'}
          </RowButton>
        </StaffActions>
      </div>
    </li>
  );
}
