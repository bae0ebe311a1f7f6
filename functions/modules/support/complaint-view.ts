import type { ComplaintView } from '@shared/api/schemas/support';
import type { Complaint } from './store/complaints';

/** A complaint on the wire (the desk's screens, the export). */
export function complaintView(complaint: Complaint): ComplaintView {
  return {
    id: complaint.id,
    mobile_number: complaint.msisdn,
    ...(complaint.entryId ? { entry_id: complaint.entryId } : {}),
    summary: complaint.summary,
    status: complaint.status,
    ...(complaint.resolution ? { resolution: complaint.resolution } : {}),
    opened_at: complaint.openedAt,
    opened_by: complaint.openedBy,
    ...(complaint.resolvedAt ? { resolved_at: complaint.resolvedAt } : {}),
    ...(complaint.resolvedBy ? { resolved_by: complaint.resolvedBy } : {}),
  };
}
