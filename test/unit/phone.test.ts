import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskMobileNumber, networkOf, normalizeMobileNumber } from '@shared/phone';

describe('mobile numbers (DESIGN section 1)', () => {
  it.each([
    '0777123456',
    '777123456',
    '+231 777 123 456',
    '231777123456',
    '+231-777-123-456',
  ])('normalises %s', (input) => {
    expect(normalizeMobileNumber(input)).toBe('231777123456');
  });

  it('knows the networks by prefix', () => {
    expect(networkOf(normalizeMobileNumber('0777123456')!)).toBe('orange');
    expect(networkOf(normalizeMobileNumber('0888123456')!)).toBe('lonestar');
    expect(networkOf(normalizeMobileNumber('0555123456')!)).toBe('lonestar');
  });

  it.each([
    '0667123456',
    '07771234',
    '077712345678',
    '+1 555 123 4567',
    'abc',
    '',
    '2317771234567',
    '0777 12345x',
  ])('refuses %s', (input) => {
    expect(normalizeMobileNumber(input)).toBeNull();
  });

  it('either refuses arbitrary text or returns a 231 + 9 digit number', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (input) => {
        const result = normalizeMobileNumber(input);
        return result === null || /^231(77|88|55)\d{7}$/.test(result);
      }),
    );
  });

  it('masks all but the first four and last two characters', () => {
    expect(maskMobileNumber('231777123456')).toBe('2317******56');
    expect(maskMobileNumber('12345')).toBe('*****');
  });
});
