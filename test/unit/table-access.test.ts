import { describe, expect, it } from 'vitest';
import { LAMBDA_WRITES, LAMBDAS } from '../../functions/lambdas/manifest';
import { keys } from '../../functions/platform/store/keys';
import { UNWRITTEN_PARTITIONS, WRITE_SETS } from '../../functions/platform/store/partitions';
import { itemRequests, refusal, stringLike } from '../../infra/local/table-access';
import { tableAccess } from '../../infra/table-access';

const writable = (pk: string) => Object.values(WRITE_SETS).some((set) => set.some((p) => stringLike(p, pk)));

describe('the write sets (functions/platform/store/partitions.ts)', () => {
  it("cover the partition of every key builder, so a new store key cannot escape the functions' policies", () => {
    const uncovered: string[] = [];
    for (const [name, build] of Object.entries(keys)) {
      const built = typeof build === 'function' ? (build as (...args: unknown[]) => unknown)('x', 'y', 1, 1) : build;
      // builders of index keys (gsi1pk/gsi2pk values) are no item's partition
      if (typeof built !== 'object' || built === null || !('pk' in built)) continue;
      const pk = String(built.pk);
      if (!writable(pk) && !(UNWRITTEN_PARTITIONS as readonly string[]).includes(pk)) uncovered.push(`${name}: ${pk}`);
    }
    expect(uncovered).toEqual([]);
  });

  it('name only sets that exist, and every set is some Lambda’s', () => {
    const used = new Set(LAMBDAS.flatMap((name) => LAMBDA_WRITES[name]));
    expect([...used].sort()).toEqual(Object.keys(WRITE_SETS).sort());
  });
});

describe("IAM's StringLike, as the local stack evaluates it", () => {
  it('matches * and ? and nothing else as wildcards', () => {
    expect(stringLike('USER#*', 'USER#u1')).toBe(true);
    expect(stringLike('USER#*', 'USERS')).toBe(false);
    expect(stringLike('AUDIT', 'AUDIT')).toBe(true);
    expect(stringLike('AUDIT', 'AUDIT#1')).toBe(false);
    expect(stringLike('A?C', 'ABC')).toBe(true);
    expect(stringLike('A.C', 'ABC')).toBe(false);
  });
});

describe('the local stand-in for IAM (infra/local/table-access.ts)', () => {
  const transaction = {
    TransactItems: [
      { Put: { Item: { pk: { S: 'ENTRY#e1' }, sk: { S: 'ENTRY' } } } },
      { Update: { Key: { pk: { S: 'USER#u1' }, sk: { S: 'BALANCE#p1' } } } },
      { ConditionCheck: { Key: { pk: { S: 'SESSION#s' }, sk: { S: 'SESSION' } } } },
    ],
  };

  it('authorises every item of a transaction on its own, as IAM does', () => {
    expect(itemRequests('TransactWriteItems', transaction)).toEqual([
      { action: 'PutItem', partition: 'ENTRY#e1' },
      { action: 'UpdateItem', partition: 'USER#u1' },
      { action: 'ConditionCheckItem', partition: 'SESSION#s' },
    ]);
    const refused = itemRequests('TransactWriteItems', transaction).filter((r) => refusal(tableAccess('public'), r));
    // the public function may write an entry and check any item, but not touch a balance
    expect(refused).toEqual([{ action: 'UpdateItem', partition: 'USER#u1' }]);
  });

  it('checks every item of a batch write, and the partition a table query names', () => {
    const batch = {
      RequestItems: {
        t: [
          { PutRequest: { Item: { pk: { S: 'CONN#c1' } } } },
          { DeleteRequest: { Key: { pk: { S: 'SESSION#s1' } } } },
        ],
      },
    };
    expect(itemRequests('BatchWriteItem', batch).map((r) => Boolean(refusal(tableAccess('stream'), r)))).toEqual([
      false,
      true,
    ]);
    const query = {
      KeyConditionExpression: '#p = :pk AND begins_with(sk, :s)',
      ExpressionAttributeNames: { '#p': 'pk' },
      ExpressionAttributeValues: { ':pk': { S: 'PROVIDERTOKEN#momo' }, ':s': { S: 'T' } },
    };
    const [request] = itemRequests('Query', query);
    expect(request).toEqual({ action: 'Query', partition: 'PROVIDERTOKEN#momo' });
    // a provider token is read only by a function that calls providers
    expect(refusal(tableAccess('public'), request!)).toMatch(/provider tokens/);
    expect(refusal(tableAccess('prompts'), request!)).toBeUndefined();
  });

  it("lets the ws Lambda update an entry's watchers and nothing else of it (IAM's dynamodb:Attributes)", () => {
    const key = { pk: 'ENTRY#e1', sk: 'ENTRY' };
    const watch = {
      Key: key,
      UpdateExpression: 'ADD watchers :c',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#w) OR size(#w) < :max)',
      ExpressionAttributeNames: { '#w': 'watchers' },
    };
    const [request] = itemRequests('UpdateItem', watch);
    expect(request).toEqual({ action: 'UpdateItem', partition: 'ENTRY#e1', attributes: ['pk', 'sk', 'watchers'] });
    expect(refusal(tableAccess('ws'), request!)).toBeUndefined();
    // paying it, or writing the whole entry, is not the socket's to do
    const [pay] = itemRequests('UpdateItem', {
      Key: key,
      UpdateExpression: 'SET #s = :paid, watchers = :w',
      ExpressionAttributeNames: { '#s': 'status' },
    });
    expect(refusal(tableAccess('ws'), pay!)).toMatch(/watchers only/);
    const [put] = itemRequests('PutItem', { Item: { ...key, watchers: ['c'] } });
    expect(refusal(tableAccess('ws'), put!)).toMatch(/may write only/);
    // and nobody else has the grant
    expect(LAMBDAS.filter((name) => tableAccess(name).attributeWrites.length > 0)).toEqual(['ws']);
  });
});
