import { describe, expect, it } from 'vitest';
import { auditChanges } from '@web/features/staff/components/audit/audit-changes';

/** The audit log's before and after, in words (issue 34: no raw JSON with cents). */
describe('an audit line’s changes', () => {
  it('writes money through the one staff money formatter, with its currency: "price L$ 100.00 → L$ 150.00"', () => {
    expect(
      auditChanges(
        { title: 'Friday', priceLrdCents: 10_000, priceUsdCents: 50 },
        { title: 'Friday', priceLrdCents: 15_000, priceUsdCents: 75 },
      ),
    ).toEqual(['price L$ 100.00 → L$ 150.00', 'price US$ 0.50 → US$ 0.75']);
  });

  it("takes an amount's currency from its record, basis points as percentages, and names nested parts", () => {
    expect(auditChanges(undefined, { amountCents: 123_456, currency: 'USD' })).toEqual([
      'amount now US$ 1,234.56',
      'currency now USD',
    ]);
    expect(auditChanges({ mobileNetworkFeeBp: 250 }, { mobileNetworkFeeBp: 300 })).toEqual([
      'mobile network fee 2.50% → 3.00%',
    ]);
    expect(
      auditChanges(
        { daily: { priceLrdCents: 10_000, drawTime: '21:00' } },
        { daily: { priceLrdCents: 20_000, drawTime: '21:30' } },
      ),
    ).toEqual(['daily price L$ 100.00 → L$ 200.00', 'daily draw time 21:00 → 21:30']);
  });

  it('leaves out what did not change, and says what was removed', () => {
    expect(
      auditChanges({ username: 'Kiss', lastCheckIn: '2026-11-20' }, { username: 'Kiss', lastCheckIn: null }),
    ).toEqual(['last check in 2026-11-20 → (none)']);
    expect(auditChanges({ id: 'p-1' }, undefined)).toEqual(['id was p-1']);
    expect(auditChanges({ a: 1 }, { a: 1 })).toEqual([]);
  });
});
