import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../dynamo';

/** True when the table answers a read (GET /api/v1/health). */
export async function tableReachable(): Promise<boolean> {
  try {
    await db().send(new GetCommand({ TableName: tableName(), Key: { pk: 'HEALTH', sk: 'HEALTH' } }));
    return true;
  } catch {
    return false;
  }
}
