import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { pathOf, routes } from '../../shared/api/routes';
import type { ReportLinesResponse } from '../../shared/api/schemas/reports';
import { db, tableName } from '../../functions/lib/dynamo';
import { migrateData } from '../../functions/setup/migrate-data';
import { keys } from '../../functions/store/keys';
import type { StaffUser } from '../../functions/store/users';
import type { ApiClient } from '../support/api';
import { aPartner, fixtureSuperAdmin } from '../support/fixtures';
import { aPaidEntryByCode, aPromotionToDraw } from '../support/play';

/**
 * Entries paid before the paid-stakes index existed have no gsi1pk (settlement
 * then removed the pending-payments keys and set none), so a report's
 * drill-down missed them. The data migration run at deploy and stack start
 * puts the index keys on them, once, never overwriting (DESIGN section 4 "Tax").
 */

let admin: StaffUser;
let adminClient: ApiClient;

const storedEntry = async (id: string) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: keys.entry(id), ConsistentRead: true }))).Item!;

/** Rewrites a paid entry to the shape settlement wrote before the index: no gsi1 keys. */
const toOldShape = (id: string) =>
  db().send(new UpdateCommand({ TableName: tableName(), Key: keys.entry(id), UpdateExpression: 'REMOVE gsi1pk, gsi1sk', ConditionExpression: 'attribute_exists(pk)' }));

async function stakeLineIds(promotionId: string, day: string): Promise<string[]> {
  const params = new URLSearchParams({ period: 'day', value: day, figure: 'stakes', scope: 'game', key: promotionId, currency: 'LRD' });
  const response = await adminClient.request<ReportLinesResponse>('GET', `${pathOf(routes.reportLines, { id: admin.id })}?${params}`);
  expect(response.status, response.text).toBe(200);
  return response.body.items.map((line) => line.id);
}

beforeAll(async () => {
  ({ user: admin, client: adminClient } = await fixtureSuperAdmin());
});

describe('backfilling the paid-stakes index', () => {
  it('lists an entry paid before the index in its day’s drill-down after the migration, and a second run changes nothing', async () => {
    const partner = await aPartner();
    const game = await aPromotionToDraw(adminClient, admin.id, partner, { threshold: 50, starting_threshold: 50 });
    const [oldEntry, newEntry] = [await aPaidEntryByCode(game.sharedCode), await aPaidEntryByCode(game.sharedCode)];
    await toOldShape(oldEntry.entryId);
    const paidAt = (await storedEntry(oldEntry.entryId)).paidAt as string;
    const newPaidDay = ((await storedEntry(newEntry.entryId)).paidAt as string).slice(0, 10);
    const indexedBefore = await storedEntry(newEntry.entryId);

    // the old shape: not in the drill-down of its day (unless a migration run by another test file indexed it
    // meanwhile: still unindexed after the read means it was unindexed during it, as indexing is never undone)
    const linesBefore = await stakeLineIds(game.promotion.ID, paidAt.slice(0, 10));
    if ((await storedEntry(oldEntry.entryId)).gsi1pk === undefined) expect(linesBefore).not.toContain(oldEntry.entryId);

    await migrateData();
    expect(await stakeLineIds(game.promotion.ID, paidAt.slice(0, 10))).toContain(oldEntry.entryId);
    expect(await stakeLineIds(game.promotion.ID, newPaidDay)).toContain(newEntry.entryId);
    const backfilled = await storedEntry(oldEntry.entryId);
    expect(backfilled).toMatchObject({ gsi1pk: keys.paidEntries(game.assignmentId, paidAt.slice(0, 7)), gsi1sk: `${paidAt}#${oldEntry.entryId}`, status: 'paid' });
    // an entry settlement indexed is left exactly as it was
    expect(await storedEntry(newEntry.entryId)).toEqual(indexedBefore);

    await migrateData();
    expect(await storedEntry(oldEntry.entryId)).toEqual(backfilled);
    expect(await storedEntry(newEntry.entryId)).toEqual(indexedBefore);
    const lines = await stakeLineIds(game.promotion.ID, paidAt.slice(0, 10));
    expect(lines.filter((id) => id === oldEntry.entryId)).toHaveLength(1);
  });
});
