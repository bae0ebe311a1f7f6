import type { ReactNode } from 'react';

/** A small button acting on one row or card; `label` names the action and its row for screen readers. */
export function RowButton({
  variant,
  label,
  disabled,
  reason,
  onClick,
  children,
}: {
  variant: 'primary' | 'secondary' | 'danger';
  label?: string;
  disabled?: boolean;
  /** Why it is disabled (its title, so its accessible description too). */
  reason?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`button button--${variant} button--small`}
      aria-label={label}
      title={disabled ? reason : undefined}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** A row's "Update" or "Edit" button, named for the row's subject (its accessible name: "Update Kiss FM"). */
export function EditRowButton({
  verb,
  subject,
  onClick,
}: {
  verb: 'Update' | 'Edit';
  subject: string;
  onClick: () => void;
}) {
  return (
    <RowButton variant="secondary" label={`${verb} ${subject}`} onClick={onClick}>
      {verb}
    </RowButton>
  );
}

/** A row's "Delete" button, named for the row's subject ("Delete Kiss FM"); the caller confirms before deleting. */
export function DeleteRowButton({ subject, onClick }: { subject: string; onClick: () => void }) {
  return (
    <RowButton variant="danger" label={`Delete ${subject}`} onClick={onClick}>
      Delete
    </RowButton>
  );
}
