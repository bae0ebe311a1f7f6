import type { PartnerDrawSummary } from '@shared/api/schemas/dashboards';
import { messages } from '@shared/messages';
import { ConfirmDialog } from '@web/components/staff/ConfirmDialog';
import { staffLrd } from '@web/lib/staff-money';

/**
 * Confirms a Conduct Draw (DESIGN section 4): a draw picks a winner and cannot be
 * undone, so it first names what is at stake — the partner, the promotion, the entries in the draw
 * and the prize. The caller closes it on confirming.
 */
export function ConductDrawDialog({
  row,
  onConfirm,
  onCancel,
}: {
  row: PartnerDrawSummary;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      title={messages.draw.conduct}
      confirmLabel={messages.draw.conduct}
      onConfirm={onConfirm}
      onClose={onCancel}
    >
      <p>Draw a winner now? This is recorded in the audit log and cannot be undone.</p>
      <dl className="conduct-draw__stake">
        <dt>Partner</dt>
        <dd>{row.PartnerUsername || '—'}</dd>
        <dt>Promotion</dt>
        <dd>
          {row.PromotionTitle}
          {row.SharedCode ? ` (code ${row.SharedCode})` : ''}
        </dd>
        <dt>Entries in the draw</dt>
        <dd data-testid="conduct-entries">
          {row.WindowEntries} (needs {row.RequiredEntries})
        </dd>
        <dt>Prize</dt>
        <dd>{staffLrd(row.WinnerAmount)}</dd>
      </dl>
    </ConfirmDialog>
  );
}
