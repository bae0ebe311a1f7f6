import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, tableName } from '../../functions/platform/dynamo';
import { keys } from '../../functions/platform/store/keys';
import { backfillPaidEntryIndex } from '../../functions/modules/migrations/store/paid-entries-migration';
import type { StaffUser } from '../../functions/modules/staff/store/users';
import type { ApiClient } from '../support/api';
import { aPartner, fixtureSuperAdmin } from '../support/fixtures';
import { aPaidEntryByCode, aPromotionToDraw } from '../support/play';

/**
 * Entries paid before the paid-stakes index existed have no gsi1pk (settlement
 * then removed the pending-payments keys and set none), so a report's
 * drill-down missed them. The data migration run at deploy and stack start
 * puts the index keys on them, once, never overwriting (DESIGN section 4 "Tax").
 * The stack's start ran it to its end already (migrateData then skips it), so
 * the migration itself is run here.
 */

let admin: StaffUser;
let adminClient: ApiClient;

const storedEntry = async (id: string) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: keys.entry(id), ConsistentRead: true }))).Item!;

/** Rewrites a paid entry to the shape settlement wrote before the index: no gsi1 keys. */
const toOldShape = (id: string) =>
  db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.entry(id),
      UpdateExpression: 'REMOVE gsi1pk, gsi1sk',
      ConditionExpression: 'attribute_exists(pk)',
    }),
  );

beforeAll(async () => {
  ({ user: admin, client: adminClient } = await fixtureSuperAdmin());
});

describe('backfilling the paid-stakes index', () => {
  it('puts the index keys on an entry paid before the index, leaves an indexed one as it was, and a second run changes nothing', async () => {
    const partner = await aPartner();
    const game = await aPromotionToDraw(adminClient, admin.id, partner, { threshold: 50, starting_threshold: 50 });
    const [oldEntry, newEntry] = [await aPaidEntryByCode(game.sharedCode), await aPaidEntryByCode(game.sharedCode)];
    await toOldShape(oldEntry.entryId);
    const paidAt = (await storedEntry(oldEntry.entryId)).paidAt as string;
    const indexedBefore = await storedEntry(newEntry.entryId);

    await backfillPaidEntryIndex();
    const backfilled = await storedEntry(oldEntry.entryId);
    expect(backfilled).toMatchObject({
      gsi1pk: keys.paidEntries(game.assignmentId, paidAt.slice(0, 7)),
      gsi1sk: `${paidAt}#${oldEntry.entryId}`,
      status: 'paid',
    });
    // an entry settlement indexed is left exactly as it was
    expect(await storedEntry(newEntry.entryId)).toEqual(indexedBefore);

    await backfillPaidEntryIndex();
    expect(await storedEntry(oldEntry.entryId)).toEqual(backfilled);
    expect(await storedEntry(newEntry.entryId)).toEqual(indexedBefore);
  });
});
