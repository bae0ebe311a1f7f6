import type { PartnerDrawSummary } from '../../../../../../shared/api/schemas/dashboards';
import { ConfirmDialog } from '../../../../components/staff/ConfirmDialog';

/**
 * Confirms a Clear Draw (DESIGN section 4 "Clear draw"): every current draw
 * window of the partner closes without a winner; its entries can no longer win.
 * The caller closes it on confirming, and shows the clearing in the table.
 */
export function ClearDrawDialog({ row, onConfirm, onCancel }: { row: PartnerDrawSummary; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog title="Clear Draw" confirmLabel="Clear Draw" onConfirm={onConfirm} onClose={onCancel}>
      <p>
        Clear the current draw of every promotion of <strong>{row.PartnerUsername}</strong>? The entries in its open draw windows can
        no longer win and no winner is drawn. This is recorded in the audit log and cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
