import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, queryAll, queryPages, tableName } from '../../functions/lib/dynamo';

/**
 * The code base's one pagination loop (functions/lib/dynamo.ts) against
 * DynamoDB Local: every store that lists more than a page relies on it.
 */
const pk = `TEST#QUERYPAGES#${randomUUID()}`;
const sks = Array.from({ length: 7 }, (_, i) => `item#${i}`);
const byPk = { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } };
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
    for await (const page of queryPages(byPk, () => (++asked, 3))) pages.push(sksOf(page));
    expect(pages).toEqual([sks.slice(0, 3), sks.slice(3, 6), sks.slice(6)]);
    expect(asked).toBe(3);
  });

  it('queries no further page once the caller stops iterating', async () => {
    let asked = 0;
    for await (const page of queryPages(byPk, () => (++asked, 2))) {
      expect(sksOf(page)).toEqual(sks.slice(0, 2));
      break;
    }
    expect(asked).toBe(1);
  });

  it('goes on past a page its filter emptied', async () => {
    const pages: unknown[][] = [];
    const odd = { ...byPk, FilterExpression: 'odd = :yes', ExpressionAttributeValues: { ...byPk.ExpressionAttributeValues, ':yes': true } };
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
