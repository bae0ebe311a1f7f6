import type { ReactNode } from 'react';

/** A small button acting on one row or card; `label` names the action and its row for screen readers. */
export function RowButton({
  variant,
  label,
  disabled,
  onClick,
  children,
}: {
  variant: 'primary' | 'secondary' | 'danger';
  label?: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className={`button button--${variant} button--small`} aria-label={label} disabled={disabled} onClick={onClick}>
      {children}
    </button>
  );
}
