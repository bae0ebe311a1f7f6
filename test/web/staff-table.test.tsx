// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StaffTable } from '@web/components/staff/StaffTable';

/** A staff table names each body cell after its column, for the phone's card layout (staff.css). */
afterEach(cleanup);

const labels = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.children).map((cell) => cell.getAttribute('data-label')));

describe('StaffTable cell labels', () => {
  it('labels each cell with its column, and follows a re-render', () => {
    const table = (rows: string[][]) => (
      <StaffTable caption="People" columns={['Name', 'Number', 'Actions']}>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell) => (
                <td key={cell}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </StaffTable>
    );
    const { rerender } = render(table([['Ann', '0777', 'Pay']]));
    expect(labels()).toEqual([['Name', 'Number', 'Actions']]);
    rerender(
      table([
        ['Ann', '0777', 'Pay'],
        ['Bob', '0886', 'Delete'],
      ]),
    );
    expect(labels()).toEqual([
      ['Name', 'Number', 'Actions'],
      ['Name', 'Number', 'Actions'],
    ]);
    expect(screen.getAllByRole('cell')).toHaveLength(6);
  });

  it('skips the columns a cell above still spans, and leaves a wide cell unlabelled', () => {
    render(
      <StaffTable caption="Winners" columns={['Promotion', 'Winner', 'Amount']}>
        <tbody>
          <tr>
            <th scope="rowgroup" rowSpan={2}>
              Kiss FM
            </th>
            <td>0777</td>
            <td>100</td>
          </tr>
          <tr>
            <td>0886</td>
            <td>200</td>
          </tr>
          <tr>
            <td colSpan={3}>Total 300</td>
          </tr>
        </tbody>
      </StaffTable>,
    );
    expect(labels()).toEqual([['Promotion', 'Winner', 'Amount'], ['Winner', 'Amount'], ['']]);
  });
});
