import type { ReactNode } from 'react';

/** A staff table row's actions cell: its buttons side by side, wrapping on narrow screens. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <td>
      <div className="staff-actions">{children}</div>
    </td>
  );
}
