import type { ReactNode } from 'react';

interface StaffTableProps {
  /** Read by screen readers only. */
  caption?: string;
  /** The column headings. */
  columns: readonly string[];
  /** More classes beside `staff-table`. */
  className?: string;
  /** The heading's id naming the scrolling box (else the caption names it). */
  labelledBy?: string;
  /** The table's body or bodies. */
  children: ReactNode;
}

/**
 * A staff table that scrolls sideways on narrow screens. The scrolling box is
 * always a named, focusable region, so keyboard users can scroll it too
 * (axe: scrollable-region-focusable).
 */
export function StaffTable({ caption, columns, className, labelledBy, children }: StaffTableProps) {
  const name = labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': `Table: ${caption ?? columns.join(', ')}` };
  const region = { role: 'region', tabIndex: 0, ...name };
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
