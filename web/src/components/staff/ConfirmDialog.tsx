import { useState, type ReactNode } from 'react';
import { Modal } from './Modal';

export interface ConfirmDialogProps {
  title: string;
  /** The danger button's text. */
  confirmLabel: string;
  /** The danger button's text while `onConfirm`'s promise runs. */
  busyLabel?: string;
  /**
   * A promise keeps the dialog open, its buttons disabled and Escape and the
   * backdrop ignored, until it settles; then the dialog closes. Without one,
   * the caller closes the dialog itself.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a plain action (void) or one the dialog waits for (a promise)
  onConfirm: () => void | Promise<unknown>;
  onClose: () => void;
  /**
   * Keeps the confirm button off while what it would confirm is not yet known (a count still
   * loading, or one that failed): staff confirm only with the numbers at stake in front of them.
   */
  confirmDisabled?: boolean;
  /** What is about to happen. */
  children: ReactNode;
}

/** A staff confirmation: Cancel, and a danger button that confirms. */
export function ConfirmDialog({
  title,
  confirmLabel,
  busyLabel = confirmLabel,
  onConfirm,
  onClose,
  confirmDisabled = false,
  children,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    const pending = onConfirm();
    if (!(pending instanceof Promise)) return;
    setBusy(true);
    try {
      await pending;
    } finally {
      onClose();
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
          <button
            type="button"
            className="button button--danger"
            onClick={() => void confirm()}
            disabled={busy || confirmDisabled}
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
