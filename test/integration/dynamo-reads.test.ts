import { BatchWriteCommand, type BatchGetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { batchGetAll, db, keyId, queryAll, queryPages, tableName } from '../../functions/platform/dynamo';

/**
 * The code base's one pagination loop and one batch-read loop
 * (functions/platform/dynamo.ts) against DynamoDB Local: every store that lists
 * more than a page, or reads items by key, relies on them.
 */
const pk = `TEST#QUERYPAGES#${randomUUID()}`;
const sks = Array.from({ length: 7 }, (_, i) => `item#${i}`);
const byPk = { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } };
type ItemKey = { pk: string; sk: string };
const sksOf = (items: Array<Record<string, unknown>>) => items.map((item) => item.sk);

beforeAll(async () => {
  await db().send(
    new BatchWriteCommand({
      RequestItems: { [tableName()]: sks.map((sk, i) => ({ PutRequest: { Item: { pk, sk, odd: i % 2 === 1 } } })) },
    }),
  );
});

describe('queryPages', () => {
  it('follows LastEvaluatedKey to the end, asking pageLimit before each page', async () => {
    const pages: unknown[][] = [];
    let asked = 0;
    for await (const page of queryPages(byPk, () => {
      asked += 1;
      return 3;
    }))
      pages.push(sksOf(page));
    expect(pages).toEqual([sks.slice(0, 3), sks.slice(3, 6), sks.slice(6)]);
    expect(asked).toBe(3);
  });

  it('queries no further page once the caller stops iterating', async () => {
    let asked = 0;
    for await (const page of queryPages(byPk, () => {
      asked += 1;
      return 2;
    })) {
      expect(sksOf(page)).toEqual(sks.slice(0, 2));
      break;
    }
    expect(asked).toBe(1);
  });

  it('goes on past a page its filter emptied', async () => {
    const pages: unknown[][] = [];
    const odd = {
      ...byPk,
      FilterExpression: 'odd = :yes',
      ExpressionAttributeValues: { ...byPk.ExpressionAttributeValues, ':yes': true },
    };
    for await (const page of queryPages(odd, () => 1)) pages.push(sksOf(page));
    expect(pages.flat()).toEqual(['item#1', 'item#3', 'item#5']);
    expect(pages.filter((page) => page.length === 0).length).toBeGreaterThanOrEqual(3);
  });
});

describe('queryAll', () => {
  it('returns every item, over pages the input caps', async () => {
    expect(sksOf(await queryAll({ ...byPk, Limit: 2 }))).toEqual(sks);
  });

  it('returns exactly `limit` items when more match, newest first when asked', async () => {
    expect(sksOf(await queryAll({ ...byPk, ScanIndexForward: false }, 5))).toEqual(sks.slice().reverse().slice(0, 5));
  });

  it('returns what there is when fewer than `limit` match', async () => {
    expect(sksOf(await queryAll(byPk, 50))).toEqual(sks);
  });
});

describe('batchGetAll', () => {
  const keyOf = (sk: string) => ({ pk, sk });
  const absent = Array.from({ length: 243 }, (_, i) => keyOf(`absent#${i}`));

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('answers the items that exist, keyed by keyId, over more keys than one request takes, repeats included', async () => {
    const wanted = [...sks.map(keyOf), ...absent, keyOf('item#0'), keyOf('item#6')];
    const found = await batchGetAll(wanted, { consistent: true });
    expect([...found.keys()].sort()).toEqual(sks.map((sk) => keyId(keyOf(sk))).sort());
    expect(found.get(keyId(keyOf('item#3')))).toEqual({ pk, sk: 'item#3', odd: true });
  });

  it('reads only the projected fields, with the key to look them up by', async () => {
    const found = await batchGetAll([keyOf('item#1')], { projection: 'odd' });
    expect(found.get(keyId(keyOf('item#1')))).toEqual({ pk, sk: 'item#1', odd: true });
    const bare = await batchGetAll([keyOf('item#1')], { projection: 'nothing' });
    expect(bare.get(keyId(keyOf('item#1')))).toEqual({ pk, sk: 'item#1' });
  });

  it('asks again for the keys DynamoDB leaves unprocessed', async () => {
    // DynamoDB Local never throttles: hold back half of the first answer the way DynamoDB does
    const client = db();
    const send = client.send.bind(client);
    const requests: number[] = [];
    vi.spyOn(client, 'send').mockImplementation((async (command: BatchGetCommand) => {
      const result = (await send(command)) as BatchGetCommandOutput;
      const table = tableName();
      const asked = command.input.RequestItems![table]!.Keys! as ItemKey[];
      requests.push(asked.length);
      if (requests.length > 1) return result;
      const heldBack = asked.slice(0, Math.floor(asked.length / 2));
      const held = new Set(heldBack.map(keyId));
      return {
        ...result,
        Responses: { [table]: (result.Responses![table] as ItemKey[]).filter((item) => !held.has(keyId(item))) },
        UnprocessedKeys: { [table]: { ...command.input.RequestItems![table], Keys: heldBack } },
      };
    }) as never);
    const found = await batchGetAll(sks.map(keyOf));
    expect(requests).toEqual([7, 3]);
    expect([...found.keys()].sort()).toEqual(sks.map((sk) => keyId(keyOf(sk))).sort());
  });
});
