import type { ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

interface DeleteConfirmDialogProps {
  title: string;
  /** The question naming what is about to go. */
  children: ReactNode;
  /** Runs the delete and reports its outcome itself (toast and sound). */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/**
 * Spec section 4 "Delete flow": a confirmation saying the deletion is
 * permanent and irreversible, then 'Deleting...', then it closes.
 */
export function DeleteConfirmDialog({ title, children, onConfirm, onClose }: DeleteConfirmDialogProps) {
  return (
    <ConfirmDialog title={title} confirmLabel="Delete" busyLabel="Deleting..." onConfirm={onConfirm} onClose={onClose}>
      {children}
      <p>This deletion is permanent and irreversible.</p>
    </ConfirmDialog>
  );
}
