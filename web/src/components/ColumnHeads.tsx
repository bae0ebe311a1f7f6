/**
 * A public table's header row from its columns, the same names each cell
 * carries as `data-label` so that on a phone the table reads as labelled
 * cards (`.table--cards`, styles/index.css).
 */
export function ColumnHeads({ columns }: { columns: Readonly<Record<string, string>> }) {
  return (
    <thead>
      <tr>
        {Object.values(columns).map((name) => (
          <th key={name} scope="col">
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}
