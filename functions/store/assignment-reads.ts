import { queryAll } from '../lib/dynamo';
import { keys } from './keys';

/**
 * Reads of partner-promotion assignments that other areas need (e.g. a
 * partner cannot be deleted while assigned). Writes live in assignments.ts.
 */
export async function assignmentIdsOfPartner(partnerId: string): Promise<string[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :partner)',
    ExpressionAttributeValues: { ':pk': keys.assignmentsIndex, ':partner': `${partnerId}#` },
    ProjectionExpression: 'id',
  });
  return items.map((item) => item.id as string);
}
