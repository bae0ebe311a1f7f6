import type { ReactNode } from 'react';

interface StaffTableProps {
  /** Read by screen readers only. */
  caption?: string;
  /** The column headings. */
  columns: readonly string[];
  /** More classes beside `staff-table`. */
  className?: string;
  /** The heading's id: the scrolling box becomes a focusable region it names. */
  labelledBy?: string;
  /** The table's body or bodies. */
  children: ReactNode;
}

/** A staff table that scrolls sideways on narrow screens. */
export function StaffTable({ caption, columns, className, labelledBy, children }: StaffTableProps) {
  const region = labelledBy ? { role: 'region', 'aria-labelledby': labelledBy, tabIndex: 0 } : {};
  return (
    <div className="table-scroll" {...region}>
      <table className={className ? `staff-table ${className}` : 'staff-table'}>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        {children}
      </table>
    </div>
  );
}
