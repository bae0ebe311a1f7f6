import { describe, expect, it } from 'vitest';
import { indexWrites, itemBytes, readUnits, writeUnits } from '../../infra/local/capacity-units';

const text = (n: number) => ({ S: 'x'.repeat(n) });

describe('capacity units: how the surge bench bills a request (infra/local/capacity-units.ts)', () => {
  it('sizes an item by its attribute names and values as DynamoDB counts them', () => {
    expect(itemBytes({ pk: { S: 'ENTRY#1' }, sk: { S: 'é' } })).toBe(2 + 7 + 2 + 2);
    // numbers: 1 byte per two significant digits, plus 1; leading and trailing zeros do not count
    expect(itemBytes({ n: { N: '12345' } })).toBe(1 + 3 + 1);
    expect(itemBytes({ n: { N: '1000' } })).toBe(1 + 1 + 1);
    expect(itemBytes({ b: { BOOL: true }, z: { NULL: true } })).toBe(2 + 2);
    // a map: 3 bytes, plus 1 and its name per element
    expect(itemBytes({ m: { M: { a: { S: 'xy' } } } })).toBe(1 + 3 + 1 + 1 + 2);
    expect(itemBytes({ l: { L: [{ S: 'a' }, { S: 'b' }] } })).toBe(1 + 3 + 2 + 2);
  });

  it('bills a write per started KB, at least 1, and a transactional write double', () => {
    expect(writeUnits(0, false)).toBe(1);
    expect(writeUnits(1024, false)).toBe(1);
    expect(writeUnits(1025, false)).toBe(2);
    expect(writeUnits(3000, true)).toBe(6);
  });

  it('bills a read per started 4 KB, at least 1: eventually consistent half, transactional double', () => {
    expect(readUnits(0, 'eventual')).toBe(0.5);
    expect(readUnits(4096, 'consistent')).toBe(1);
    expect(readUnits(4097, 'consistent')).toBe(2);
    expect(readUnits(10_000, 'eventual')).toBe(1.5);
    expect(readUnits(100, 'transactional')).toBe(2);
  });

  it('writes a GSI only for items that carry its key: once in place, twice when the key moves', () => {
    const base = { pk: { S: 'ENTRY#1' }, sk: { S: 'ENTRY' }, big: text(2000) };
    const pending = { ...base, gsi1pk: { S: 'PENDINGPAY' }, gsi1sk: { S: '2026' } };
    const settled = { ...base, gsi1pk: { S: 'PAID#a' }, gsi1sk: { S: '2026' } };
    expect(indexWrites(undefined, base, false)).toEqual([]);
    expect(indexWrites(undefined, pending, false)).toEqual([{ indexName: 'gsi1', pk: 'PENDINGPAY', units: 2 }]);
    expect(indexWrites(pending, pending, true)).toEqual([{ indexName: 'gsi1', pk: 'PENDINGPAY', units: 4 }]);
    expect(indexWrites(pending, settled, false)).toEqual([
      { indexName: 'gsi1', pk: 'PENDINGPAY', units: 2 },
      { indexName: 'gsi1', pk: 'PAID#a', units: 2 },
    ]);
    // leaving the index (deleted, or its key removed) is one delete from it
    expect(indexWrites(pending, undefined, false)).toEqual([{ indexName: 'gsi1', pk: 'PENDINGPAY', units: 2 }]);
    expect(indexWrites(pending, base, false)).toEqual([{ indexName: 'gsi1', pk: 'PENDINGPAY', units: 2 }]);
  });

  it('writes an index that projects some attributes only when its key or one of those changes, by their size', () => {
    const base = { pk: { S: 'ENTRY#1' }, sk: { S: 'ENTRY' }, id: { S: '1' }, big: text(2000) };
    const listed = { ...base, gsi3pk: { S: 'PENDINGPAY#4' }, gsi3sk: { S: '2026#1' } };
    // joining and leaving: one write each, of the keys and `id` (not the 2 KB item)
    expect(indexWrites(undefined, listed, false)).toEqual([{ indexName: 'gsi3', pk: 'PENDINGPAY#4', units: 1 }]);
    expect(indexWrites(listed, base, true)).toEqual([{ indexName: 'gsi3', pk: 'PENDINGPAY#4', units: 2 }]);
    // an update of what it does not project: no index write
    expect(indexWrites(listed, { ...listed, big: text(2500), confirmedAt: { S: 'now' } }, false)).toEqual([]);
    // of what it projects: one
    expect(indexWrites(listed, { ...listed, id: { S: '2' } }, false)).toEqual([
      { indexName: 'gsi3', pk: 'PENDINGPAY#4', units: 1 },
    ]);
  });
});
