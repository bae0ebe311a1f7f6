import type { AnnouncerRecord } from '@shared/api/schemas/staff';
import { DeleteConfirmDialog } from '@web/components/staff/DeleteConfirmDialog';

/** Both announcer lists' delete confirmation (spec section 4 "Delete flow"). */
export function DeleteAnnouncerDialog({
  announcer,
  onConfirm,
  onClose,
}: {
  announcer: AnnouncerRecord;
  onConfirm: (announcer: AnnouncerRecord) => Promise<void>;
  onClose: () => void;
}) {
  return (
    <DeleteConfirmDialog title="Delete announcer" onConfirm={() => onConfirm(announcer)} onClose={onClose}>
      <p>
        Are you sure you want to delete <strong>{announcer.Username}</strong>?
      </p>
    </DeleteConfirmDialog>
  );
}
