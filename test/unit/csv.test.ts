import { describe, expect, it } from 'vitest';
import { csvTable } from '@shared/csv';
import { formatMoney } from '@shared/money';

/** The one CSV writer of the exports and reports (RFC 4180). */
describe('csvTable', () => {
  it('quotes what needs it, doubles quotes, ends lines CRLF and guards free text against spreadsheet formulas', () => {
    const text = csvTable(
      ['at', 'amount', 'note'],
      [
        ['2026-11-29T10:00:00.000Z', formatMoney(-1_050), { text: 'said "paid", twice' }],
        ['2026-11-29T11:00:00.000Z', formatMoney(12_345_600), { text: '=HYPERLINK("x")' }],
        ['2026-11-29T12:00:00.000Z', formatMoney(5), { text: 'line one\nline two' }],
      ],
    );
    expect(text).toBe(
      'at,amount,note\r\n' +
        '2026-11-29T10:00:00.000Z,-10.50,"said ""paid"", twice"\r\n' +
        '2026-11-29T11:00:00.000Z,123456.00,"\'=HYPERLINK(""x"")"\r\n' +
        '2026-11-29T12:00:00.000Z,0.05,"line one\nline two"\r\n',
    );
  });

  it('writes an amount as it is, never as a formula guard would', () => {
    expect(csvTable(['amount'], [[formatMoney(-500)]])).toBe('amount\r\n-5.00\r\n');
  });
});
