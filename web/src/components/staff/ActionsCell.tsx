import type { ReactNode } from 'react';

/**
 * A staff table row's actions cell: its buttons side by side, wrapping on narrow screens. A
 * destructive action (Delete) goes last in its own group, set apart by a divider, so it never sits
 * right next to a routine one (destructive buttons apart from routine ones).
 */
export function ActionsCell({ children, destructive }: { children: ReactNode; destructive?: ReactNode }) {
  return (
    <td>
      <div className="staff-actions">
        {children}
        {destructive ? (
          <div className="staff-actions__destructive" role="group" aria-label="Destructive actions">
            {destructive}
          </div>
        ) : null}
      </div>
    </td>
  );
}
