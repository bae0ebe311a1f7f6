import type { ReactNode } from 'react';

/**
 * A row's or card's actions: its buttons side by side, wrapping on narrow screens. A destructive
 * action (Delete, Disable, Clear Draw) goes last in its own group, set apart by a divider, so it
 * never sits right next to a routine one (a mis-tap must not delete or clear).
 * Every staff screen lays its actions out through this, one way everywhere.
 */
export function StaffActions({ children, destructive }: { children: ReactNode; destructive?: ReactNode }) {
  return (
    <div className="staff-actions">
      {children}
      {destructive ? (
        <div className="staff-actions__destructive" role="group" aria-label="Destructive actions">
          {destructive}
        </div>
      ) : null}
    </div>
  );
}

/** A staff table row's actions cell (StaffActions in a cell). */
export function ActionsCell({ children, destructive }: { children: ReactNode; destructive?: ReactNode }) {
  return (
    <td>
      <StaffActions destructive={destructive}>{children}</StaffActions>
    </td>
  );
}
