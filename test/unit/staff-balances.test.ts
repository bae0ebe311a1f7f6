import { describe, expect, it } from 'vitest';
import { balanceClass, signedCents, sumOfAmounts, totalBalanceCents } from '@web/lib/staff-money';

/**
 * The one balance total of the staff screens (admin lists, pay dialog,
 * partner and announcer dashboards). DESIGN section 4 keeps balances at zero
 * or above; a negative line (a fault) is counted, never dropped, so the total
 * always equals the lines shown beside it.
 */
describe('balance totals', () => {
  it('adds the per-promotion amounts in whole cents', () => {
    expect(totalBalanceCents({ 'Kiss FM Friday': '1000.07', Hott: '234.5' })).toBe(123_457);
    expect(totalBalanceCents({})).toBe(0);
    expect(sumOfAmounts(['0.10', '0.20'])).toBe(30);
  });

  it('counts a negative line instead of hiding it, and an unreadable one as 0', () => {
    expect(signedCents('-5.00')).toBe(-500);
    expect(totalBalanceCents({ 'Kiss FM Friday': '1000.07', Owed: '-5.00' })).toBe(99_507);
    expect(totalBalanceCents({ Owed: '-5.00' })).toBe(-500);
    expect(totalBalanceCents({ a: 'abc', b: '', c: '12' })).toBe(1_200);
  });

  it('shows green above 0 and red otherwise (spec section 9)', () => {
    expect(balanceClass(1)).toBe('amount--positive');
    expect(balanceClass(0)).toBe('amount--negative');
    expect(balanceClass(-500)).toBe('amount--negative');
  });
});
