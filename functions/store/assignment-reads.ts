import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/dynamo';
import { keys } from './keys';

/**
 * Reads of partner-promotion assignments that other areas need (e.g. a
 * partner cannot be deleted while assigned). Writes live in assignments.ts.
 */
export async function assignmentIdsOfPartner(partnerId: string): Promise<string[]> {
  const ids: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :partner)',
        ExpressionAttributeValues: { ':pk': keys.assignmentsIndex, ':partner': `${partnerId}#` },
        ProjectionExpression: 'id',
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) ids.push(item.id as string);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return ids;
}
