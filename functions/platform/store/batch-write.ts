import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, UNPROCESSED_BACKOFF_MS } from '../dynamo';
import { sleep } from '../pause';

const BATCH_WRITE_MAX = 25;

/** One write of a BatchWriteItem: an item put whole (no condition), or a key deleted. */
export type BatchWrite = { put: Record<string, unknown> } | { delete: { pk: string; sk: string } };

/**
 * The one BatchWriteItem loop of the code base (batchGetAll's twin in
 * ../dynamo.ts): requests of up to 25 writes go out together, and writes
 * DynamoDB leaves unprocessed (it does, under throttling) are sent again
 * after a growing pause. Unconditional, and billed as single writes: for
 * writes that need no condition and belong to no transaction.
 */
export async function batchWriteAll(writes: readonly BatchWrite[]): Promise<void> {
  const requests = writes.map((write) =>
    'put' in write ? { PutRequest: { Item: write.put } } : { DeleteRequest: { Key: write.delete } },
  );
  const chunks = Array.from({ length: Math.ceil(requests.length / BATCH_WRITE_MAX) }, (_, i) =>
    requests.slice(i * BATCH_WRITE_MAX, (i + 1) * BATCH_WRITE_MAX),
  );
  await Promise.all(
    chunks.map(async (chunk) => {
      let pending: typeof requests = chunk;
      for (let attempt = 0; pending.length > 0; attempt += 1) {
        if (attempt > 0) await sleep(UNPROCESSED_BACKOFF_MS[Math.min(attempt, UNPROCESSED_BACKOFF_MS.length) - 1]!);
        const table = tableName();
        const result = await db().send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
        pending = (result.UnprocessedItems?.[table] ?? []) as typeof requests;
      }
    }),
  );
}
