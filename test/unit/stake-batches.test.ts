import { randomUUID } from 'node:crypto';
import { marshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { itemBytes, writeUnits } from '../../infra/local/capacity-units';
import { MAX_BATCH } from '../../functions/modules/entries/settle-batch';
import { gameLedgerLineId, gameLedgerPart, stakeLine } from '../../functions/modules/ledger/game-ledger-rules';
import { gameLedgerStakesPut, stakeLinesOf } from '../../functions/modules/ledger/store/stake-batches';

/** A settlement batch's stakes in one game-ledger item (functions/modules/ledger/store/stake-batches.ts), pure. */

const PAID_AT = '2026-11-25T10:00:00.123Z';
const window = {
  assignmentId: randomUUID(),
  promotionId: randomUUID(),
  partnerId: randomUUID(),
  game: 'partner' as const,
};

/** A batch's stake lines, every other one USD at 190.000 LRD per USD (as settle-batch.ts books them). */
const aBatchOfStakes = (count: number, currencies: Array<'LRD' | 'USD'> = ['LRD', 'USD']) =>
  Array.from({ length: count }, (_, i) => {
    const currency = currencies[i % currencies.length]!;
    const amountCents = currency === 'USD' ? 150 + i : 10_000 * (i + 1);
    const entry = { ...window, id: randomUUID(), currency, amountCents, rateMilli: 190_000 };
    return stakeLine(entry, PAID_AT, currency === 'USD' ? Math.floor((amountCents * 190_000) / 1000) : amountCents);
  });

const itemOf = (put: ReturnType<typeof gameLedgerStakesPut>) => put.Put!.Item!;

describe('a settlement batch’s stakes, booked as one game-ledger item', () => {
  it('keys the item by the batch’s day, its first entry’s part and its payment time, and books it only once', () => {
    const lines = aBatchOfStakes(3);
    const put = gameLedgerStakesPut(lines);
    expect(itemOf(put)).toMatchObject({
      pk: `GAMELEDGER#2026-11-25#${gameLedgerPart(lines[0]!)}`,
      sk: `${PAID_AT}#stakes#${lines[0]!.ref}`,
    });
    expect(put.Put!.ConditionExpression).toBe('attribute_not_exists(pk)');
  });

  it.each([
    ['LRD', ['LRD']],
    ['USD', ['USD']],
    ['mixed', ['LRD', 'USD']],
  ] as const)('holds a full batch (%s) under 3 KB: 6 write units in its transaction, where one item per entry cost 2 each', (_, currencies) => {
    const put = gameLedgerStakesPut(aBatchOfStakes(MAX_BATCH, [...currencies]));
    const bytes = itemBytes(marshall(itemOf(put)) as never);
    expect(bytes).toBeLessThanOrEqual(3072);
    expect(writeUnits(bytes, true)).toBe(6);
  });

  it('reads back each entry’s stake line exactly as it would be stored alone, in the batch’s order', () => {
    for (const count of [1, 2, MAX_BATCH]) {
      const lines = aBatchOfStakes(count);
      const stored = structuredClone(itemOf(gameLedgerStakesPut(lines)));
      expect(stakeLinesOf(stored as never)).toEqual(lines.map((line) => ({ id: gameLedgerLineId(line), ...line })));
    }
    // a USD line keeps its booked rate; an LRD line has none
    const [lrd, usd] = stakeLinesOf(itemOf(gameLedgerStakesPut(aBatchOfStakes(2))) as never);
    expect(lrd).not.toHaveProperty('rateMilli');
    expect(usd).toMatchObject({
      currency: 'USD',
      rateMilli: 190_000,
      valueLrdCents: Math.floor((151 * 190_000) / 1000),
    });
  });

  it('refuses lines that are not the stakes of one payment time, window and game', () => {
    const [a, b] = aBatchOfStakes(2);
    expect(() => gameLedgerStakesPut([])).toThrow();
    expect(() => gameLedgerStakesPut([a!, { ...b!, at: '2026-11-25T10:00:00.124Z' }])).toThrow();
    expect(() => gameLedgerStakesPut([a!, { ...b!, promotionId: randomUUID() }])).toThrow();
    expect(() => gameLedgerStakesPut([a!, { ...b!, kind: 'stake-refunded' }])).toThrow();
    expect(() => gameLedgerStakesPut([a!, { ...b!, amountCents: 1.5 }])).toThrow();
  });
});
