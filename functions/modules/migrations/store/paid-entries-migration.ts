import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, scanPages, tableName } from '../../../platform/dynamo';
import { paidEntryIndex } from '../../entries';
import { keys } from '../../../platform/store/keys';

/**
 * Puts the paid-stakes index keys (keys.paidEntries, set by settlement since
 * reports exist) on entries that were paid before it existed, so a report's
 * drill-down lists them too (DESIGN section 4 "Tax").
 *
 * Each update is conditional: only a paid entry with no gsi1pk yet gets the
 * keys, so running it again, or beside settlement, never overwrites an index
 * entry. It scans, paged: this runs once per deploy, never on a request path.
 */
export async function backfillPaidEntryIndex(): Promise<{ indexed: number }> {
  let indexed = 0;
  const pages = scanPages({
    FilterExpression:
      'begins_with(pk, :entry) AND sk = :entrySort AND #status = :paid AND attribute_exists(paidAt) AND attribute_not_exists(gsi1pk)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':entry': keys.entry('').pk, ':entrySort': keys.entry('').sk, ':paid': 'paid' },
  });
  for await (const page of pages) {
    for (const item of page) {
      if (await indexEntry(item)) indexed += 1;
    }
  }
  return { indexed };
}

async function indexEntry(item: Record<string, unknown>): Promise<boolean> {
  const [id, assignmentId, paidAt] = [item.id as string, item.assignmentId as string, item.paidAt as string];
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entry(id),
        UpdateExpression: 'SET gsi1pk = :paidIndex, gsi1sk = :paidSort',
        // never overwrites: only a paid entry still without an index key
        ConditionExpression: '#status = :paid AND attribute_not_exists(gsi1pk)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':paid': 'paid', ...paidEntryIndex(assignmentId, paidAt, id) },
      }),
    );
    return true;
  } catch (error) {
    // another run indexed it meanwhile: nothing left to do
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
