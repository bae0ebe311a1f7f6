import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { PartnerDrawSummary } from '@shared/api/schemas/dashboards';
import { messages } from '@shared/messages';
import { ConfirmDialog } from '@web/components/staff/ConfirmDialog';
import { clearPreviewQuery } from '@web/features/draws/api/draws';
import type { ClearMode } from '@web/features/draws/hooks/use-draw-actions';

/**
 * Confirms a Clear Draw (DESIGN section 4 "Clear draw"): every current draw window of the partner
 * closes without a winner. First it says how many paid tickets that affects (per promotion), then
 * what becomes of them: carried into the next draw (the default) or refunded. Every player is told
 * by SMS. The caller closes it on confirming, and shows the clearing in the table.
 */
export function ClearDrawDialog({
  adminId,
  row,
  onConfirm,
  onCancel,
}: {
  adminId: string;
  row: PartnerDrawSummary;
  onConfirm: (mode: ClearMode) => void;
  onCancel: () => void;
}) {
  const [mode, setMode] = useState<ClearMode>('carry');
  const name = useId();
  const partner = row.PartnerSearchString || row.PartnerUsername;
  const query = useQuery({ ...clearPreviewQuery(adminId, partner), meta: { failureLog: 'Clear preview failed' } });
  // the count the admin confirms is always a fresh one: a remembered count is never shown while counting again
  const preview = query.isFetching ? null : query.error ? 'failed' : (query.data ?? null);

  return (
    <ConfirmDialog
      title="Clear Draw"
      confirmLabel="Clear Draw"
      onConfirm={() => onConfirm(mode)}
      onClose={onCancel}
      // DESIGN "Clear draw": confirmed only with the paid tickets at stake shown, never while counting or after a failed count
      confirmDisabled={preview === null || preview === 'failed'}
    >
      <p>
        Clear the current draw of every promotion of <strong>{row.PartnerUsername}</strong>? No winner is drawn. This is
        recorded in the audit log and cannot be undone.
      </p>
      <div role="status" aria-live="polite" className="clear-draw__count">
        {preview === null ? (
          <p>Counting the paid tickets…</p>
        ) : preview === 'failed' ? (
          <p className="notice notice--error">{messages.clearDraw.previewFailed}</p>
        ) : (
          <>
            <p>
              <strong>{messages.clearDraw.affects(preview.paid_tickets)}</strong>
            </p>
            {preview.promotions.length > 1 ? (
              <ul>
                {preview.promotions.map((promotion) => (
                  <li key={promotion.shared_code ?? promotion.promotion_title}>
                    {promotion.promotion_title || 'Promotion'}: {promotion.paid_tickets}
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        )}
      </div>
      <fieldset className="clear-draw__mode">
        <legend>What happens to the paid tickets (each player gets an SMS)</legend>
        <label>
          <input type="radio" name={name} value="carry" checked={mode === 'carry'} onChange={() => setMode('carry')} />{' '}
          {messages.clearDraw.carryOption}
        </label>
        <label>
          <input
            type="radio"
            name={name}
            value="refund"
            checked={mode === 'refund'}
            onChange={() => setMode('refund')}
          />{' '}
          {messages.clearDraw.refundOption} (stakes back by mobile money)
        </label>
      </fieldset>
    </ConfirmDialog>
  );
}
