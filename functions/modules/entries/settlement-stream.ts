import type { DynamoDBRecord } from 'aws-lambda';
import { entryIdOfKey } from '../../platform/store/keys';
import { streamRecordImages, streamRecordKey } from '../../platform/store/stream-records';
import { toEntry, type Entry } from './store/entries';
import { settleConfirmedEntries } from './settlement';

/**
 * Settlement's stream adapter (DESIGN section 4): the table's stream hands
 * over the entries whose payments were confirmed — a callback's one write
 * (./confirm-payment.ts) — and those of a batch of records settle together,
 * each assignment's in transactions of up to a window's batch
 * (./settlement.ts), with their ticket SMS. The fan-out consumer
 * (functions/lambdas/stream.ts) runs it, so the stream keeps its two
 * readers a shard (DynamoDB Streams' limit). Answers the records of the
 * assignments whose settling failed: Lambda hands them over again (an entry
 * paid meanwhile is skipped by its transaction's condition), and
 * reconciliation settles whatever the stream never does.
 */
export async function settleConfirmedRecords(records: readonly DynamoDBRecord[], now: Date): Promise<DynamoDBRecord[]> {
  const confirmed = records.flatMap((record) => {
    const entry = confirmedEntryOf(record);
    return entry ? [{ entry, record }] : [];
  });
  if (confirmed.length === 0) return [];
  const { failed } = await settleConfirmedEntries(
    confirmed.map((one) => one.entry),
    now,
  );
  const unsettled = new Set(failed);
  return confirmed.filter((one) => unsettled.has(one.entry.id)).map((one) => one.record);
}

/**
 * The entry a stream record confirms: a MODIFY of an entry's own item that
 * sets its `confirmedAt` while it is pending (a callback's confirmation, or
 * a late payment revived). Any other record: undefined.
 */
function confirmedEntryOf(record: DynamoDBRecord): Entry | undefined {
  if (record.eventName !== 'MODIFY') return undefined;
  const { pk, sk } = streamRecordKey(record);
  if (!entryIdOfKey(pk, sk)) return undefined;
  const { oldImage, newImage } = streamRecordImages(record);
  if (!newImage || newImage.status !== 'pending' || typeof newImage.confirmedAt !== 'string') return undefined;
  if (oldImage?.confirmedAt !== undefined) return undefined;
  return toEntry(newImage);
}
