import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newTicketNumber, parseTicketNumber } from '../../functions/modules/entries/ticket-number';
import { formatGmtDay } from '@shared/dates';
import { formatMoney, formatMoneyShown, MAX_MINOR_UNITS, parseMoney } from '@shared/money';
import { formatTicketNumber } from '@shared/ticket-number';
import { formatGmtDate } from '@web/lib/dates';
import { formatAmount, formatCents } from '@web/lib/money';

/** One ticket number, one money and one date format on every public page and in the server's texts. */
describe('the public pages’ formats', () => {
  it('shows money with thousands separators and two decimals', () => {
    expect(formatMoneyShown(1_000_000)).toBe('10,000.00');
    expect(formatMoneyShown(2_511_800)).toBe('25,118.00');
    expect(formatMoneyShown(100_000_000)).toBe('1,000,000.00');
    expect(formatMoneyShown(99_999)).toBe('999.99');
    expect(formatMoneyShown(5)).toBe('0.05');
    expect(formatMoneyShown(-123_456_789)).toBe('-1,234,567.89');
    expect(() => formatMoneyShown(1.5)).toThrow();
  });

  it('is the plain wire amount with its groups marked, for every amount in range', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_MINOR_UNITS }),
        (cents) => formatMoneyShown(cents).replace(/,/g, '') === formatMoney(cents),
      ),
    );
  });

  it('is the web’s format too, from cents or from a wire amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_MINOR_UNITS }),
        (cents) => formatCents(cents) === formatMoneyShown(cents),
      ),
    );
    expect(formatAmount('10000.00')).toBe('10,000.00');
    expect(formatAmount(formatMoney(parseMoney('2504000')!))).toBe('2,504,000.00');
    expect(formatAmount('not money')).toBe('not money');
  });

  it('shows dates as the spec’s MMM d, yyyy on the GMT day, on the server and the web alike', () => {
    expect(formatGmtDay('2026-11-24')).toBe('Nov 24, 2026');
    expect(formatGmtDay('2026-11-24T23:59:59.999Z')).toBe('Nov 24, 2026');
    expect(formatGmtDay('2024-11-29T00:00:00.000Z')).toBe('Nov 29, 2024');
    expect(formatGmtDay('2027-01-05T08:00:00.000Z')).toBe('Jan 5, 2027');
    expect(formatGmtDay('tomorrow')).toBe('');
    expect(formatGmtDate('2026-05-01T21:00:00.000Z')).toBe('May 1, 2026');
  });

  it('agrees with the Intl en-US medium date on the GMT calendar, any day', () => {
    const intl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    const range = { min: Date.UTC(2024, 0, 1), max: Date.UTC(2100, 0, 1) };
    fc.assert(
      fc.property(fc.integer(range), (ms) => formatGmtDay(new Date(ms).toISOString()) === intl.format(new Date(ms))),
    );
  });

  it('shows a ticket number in the SMS’s 4-4-4-2 groups, which the checker reads back', () => {
    expect(formatTicketNumber('67415745994686')).toBe('6741-5745-9946-86');
    expect(formatTicketNumber('FIXTURE')).toBe('FIXTURE');
    for (let i = 0; i < 50; i += 1) {
      const ticket = newTicketNumber();
      expect(formatTicketNumber(ticket)).toMatch(/^\d{4}-\d{4}-\d{4}-\d{2}$/);
      expect(parseTicketNumber(formatTicketNumber(ticket))).toBe(ticket);
    }
  });
});
