import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from '../../../platform/dynamo';
import { keys } from '../../../platform/store/keys';

/**
 * Data migrations that scan the table run to their end once, then leave a
 * marker (MIGRATIONS / <name>) so later starts and deploys skip them rather
 * than scanning again. Each migration is idempotent itself: two first runs
 * racing, or a run cut short before its marker, only repeat work that
 * writes nothing new.
 */
export async function runOnce<T extends Record<string, number>>(
  name: string,
  migrate: () => Promise<T>,
  skipped: T,
  now = new Date(),
): Promise<T> {
  const done = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.migrationDone(name), ConsistentRead: true }),
  );
  if (done.Item) return skipped;
  const result = await migrate();
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.migrationDone(name), entity: 'migration', name, doneAt: now.toISOString(), ...result },
        // the first run to finish keeps its record
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  return result;
}
