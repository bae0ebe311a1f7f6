/** A table cell: the main text, and a muted note under it (an account's email under its username). */
export function CellWithNote({ text, note }: { text: string; note: string }) {
  return (
    <td>
      {text}
      <span className="staff-cell-note">{note}</span>
    </td>
  );
}
