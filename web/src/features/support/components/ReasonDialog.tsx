import { useId, useState, type ReactNode } from 'react';
import { Modal } from '@web/components/staff/Modal';
import { ErrorNotice } from '@web/components/staff/ErrorNotice';
import { errorMessage } from '@web/lib/api-client';
import { messages } from '@shared/messages';

/**
 * A desk action's confirmation (issue "Player support desk": each action
 * confirmed, with a reason, audit-logged): what is about to happen, the
 * reason typed, then the action; its answer or refusal shown in place.
 */
export function ReasonDialog({
  title,
  confirmLabel,
  reasonLabel = 'Reason (recorded in the audit log)',
  children,
  after,
  onConfirm,
  onDone,
  onClose,
}: {
  title: string;
  confirmLabel: string;
  /** What the typed text is (a complaint's summary or resolution is its own reason). */
  reasonLabel?: string;
  children?: ReactNode;
  /** Fields that follow the typed reason (a note beside it). */
  after?: ReactNode;
  /** Runs the action with the reason; its message is shown to the caller by `onDone`. */
  onConfirm: (reason: string) => Promise<string>;
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (reason.trim().length < 3) {
      setError(messages.support.reasonRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onDone(await onConfirm(reason.trim()));
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, messages.generic.unexpected));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={title}
      onClose={busy ? () => undefined : onClose}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="button button--danger" onClick={() => void confirm()} disabled={busy}>
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
      <div className="field">
        <label htmlFor={reasonId}>{reasonLabel}</label>
        <textarea id={reasonId} rows={3} value={reason} onChange={(event) => setReason(event.target.value)} />
      </div>
      {after}
      {error ? <ErrorNotice>{error}</ErrorNotice> : null}
    </Modal>
  );
}
