/**
 * The one CSV writer (RFC 4180) of the reports and exports: fields quoted
 * when they hold a comma, quote or line break, quotes doubled, lines ended
 * CRLF. A text cell a spreadsheet would run as a formula (=, +, -, @ and tab
 * or CR first) gets a leading apostrophe; amounts (formatMoney's "123.45",
 * major units with 2 decimals) and ISO dates are written as they are.
 */
export function csvField(value: string, text = false): string {
  const safe = text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A cell: a plain value (amount, date, id), or `{ text }` for free text a person typed or a name. */
export type CsvCell = string | number | { text: string };

/** A header line and one line per row, CRLF-separated, ending with a CRLF. */
export function csvTable(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  const cell = (value: CsvCell) => (typeof value === 'object' ? csvField(value.text, true) : csvField(String(value)));
  return [header.map((name) => csvField(name)).join(','), ...rows.map((row) => row.map(cell).join(','))]
    .map((line) => `${line}\r\n`)
    .join('');
}
