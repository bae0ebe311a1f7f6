import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, MAX_MINOR_UNITS, parseMoney, shareOf } from '@shared/money';
import { formatStaffMoney } from '@shared/staff-money';

describe('money', () => {
  it('parses wire strings to whole cents', () => {
    expect(parseMoney('100.00')).toBe(10_000);
    expect(parseMoney('0.5')).toBe(50);
    expect(parseMoney('7')).toBe(700);
    expect(parseMoney(' 12.34 ')).toBe(1234);
  });

  it('refuses anything that is not a plain non-negative amount', () => {
    for (const bad of ['', '-1', '1.234', '1e3', 'NaN', '0x10', '1,000.00', '.5', '12.', '10000000000.01']) {
      expect(parseMoney(bad), bad).toBeNull();
    }
  });

  it('round-trips every amount in range', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_MINOR_UNITS }), (cents) => parseMoney(formatMoney(cents)) === cents),
    );
  });

  it('formats with two decimals and a sign', () => {
    expect(formatMoney(5)).toBe('0.05');
    expect(formatMoney(-500)).toBe('-5.00');
    expect(() => formatMoney(1.5)).toThrow();
  });

  it('writes staff money with a prefix LRD and USD cannot share, and grouping (screens and notifications alike)', () => {
    expect(formatStaffMoney(120_000, 'LRD')).toBe('L$ 1,200.00');
    expect(formatStaffMoney(150, 'USD')).toBe('US$ 1.50');
    expect(formatStaffMoney(123_456_789, 'LRD')).toBe('L$ 1,234,567.89');
    expect(formatStaffMoney(-123_456, 'USD')).toBe('US$ -1,234.56');
    expect(formatStaffMoney(0, 'LRD')).toBe('L$ 0.00');
  });

  it('never lets shares exceed the whole', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (a, p, q) => {
          fc.pre(p + q <= 10_000);
          return shareOf(a, p) + shareOf(a, q) <= a;
        },
      ),
    );
  });
});
