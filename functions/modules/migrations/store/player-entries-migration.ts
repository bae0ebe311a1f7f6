import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, scanPages, tableName } from '../../../platform/dynamo';
import { keys } from '../../../platform/store/keys';

/**
 * Gives entries made before numbers had their own entry lines
 * (keys.playerEntry, written with every entry since) their line, so "my
 * tickets" lists them too. Each Put refuses to overwrite,
 * so running it again, or beside new entries, changes nothing. It scans,
 * paged: this runs once per deploy, never on a request path.
 */
export async function backfillPlayerEntries(): Promise<{ written: number }> {
  let written = 0;
  const pages = scanPages({
    FilterExpression: 'begins_with(pk, :entry) AND sk = :entrySort',
    ExpressionAttributeValues: { ':entry': keys.entry('').pk, ':entrySort': keys.entry('').sk },
    ProjectionExpression: 'id, msisdn, createdAt',
  });
  for await (const page of pages) {
    for (const item of page) {
      if (await writeLine(item.msisdn as string, item.createdAt as string, item.id as string)) written += 1;
    }
  }
  return { written };
}

async function writeLine(msisdn: string, createdAt: string, entryId: string): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.playerEntry(msisdn, createdAt, entryId), entity: 'player-entry', entryId },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
