import { useLayoutEffect, useRef, type ReactNode } from 'react';

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
 * A staff table. Below 40rem (staff.css) each row becomes a card whose cells
 * carry their column's name, so every column and action is reachable on a
 * phone without scrolling sideways; wider, it is a plain table that scrolls
 * sideways if it must. The scrolling box is always a named, focusable region,
 * so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function StaffTable({ caption, columns, className, labelledBy, children }: StaffTableProps) {
  const table = useRef<HTMLTableElement>(null);
  // after every render: the rows are the caller's, so their cells are labelled here, once for all tables
  useLayoutEffect(() => {
    if (table.current) labelCells(table.current, columns);
  });
  const name = labelledBy
    ? { 'aria-labelledby': labelledBy }
    : { 'aria-label': `Table: ${caption ?? columns.join(', ')}` };
  const region = { role: 'region', tabIndex: 0, ...name };
  return (
    <div className="table-scroll" {...region}>
      <table ref={table} role="table" className={className ? `staff-table ${className}` : 'staff-table'}>
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

/**
 * Names each body cell after its column (`data-label`, shown by the phone
 * layout) and states the table roles explicitly: a table laid out as cards
 * (display: block) otherwise loses them in some screen readers.
 */
function labelCells(table: HTMLTableElement, columns: readonly string[]): void {
  for (const body of Array.from(table.tBodies)) {
    body.setAttribute('role', 'rowgroup');
    // rows a cell above still covers, per column (rowSpan)
    const covered: number[] = [];
    for (const row of Array.from(body.rows)) {
      row.setAttribute('role', 'row');
      let column = 0;
      for (const cell of Array.from(row.cells)) {
        while ((covered[column] ?? 0) > 0) column += 1;
        cell.setAttribute('role', cell.tagName === 'TH' ? 'rowheader' : 'cell');
        const label = cell.colSpan > 1 ? '' : (columns[column] ?? '');
        if (cell.getAttribute('data-label') !== label) cell.setAttribute('data-label', label);
        for (let spanned = 0; spanned < cell.colSpan; spanned += 1) covered[column + spanned] = cell.rowSpan;
        column += cell.colSpan;
      }
      for (let i = 0; i < covered.length; i += 1) covered[i] = Math.max(0, (covered[i] ?? 0) - 1);
    }
  }
}
