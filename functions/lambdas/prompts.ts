import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { TIME_BUDGETS } from '@shared/time-budgets';
import { withInvocationTime } from '../platform/call-time';
import { logger } from '../platform/logger';
import { sendPaymentPrompt } from '../modules/entries';
import { entryIdOfKey } from '../platform/store/keys';
import { streamRecordKey } from '../platform/store/stream-records';

/**
 * The payment prompts (DESIGN section 8, "Time budgets"): a second consumer
 * of the table's stream, taking each newly stored entry (an INSERT of an
 * entry item; the event source mapping filters to those in AWS, this
 * handler checks again) and asking its provider to collect, beside the
 * request that stored it. The entries of a batch go out together. A
 * record fails (and comes again) only when its claim could not be written;
 * once claimed, a prompt is never sent twice (modules/entries/payment-prompt.ts).
 */
export async function handler(event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> {
  if (context) logger.addContext(context);
  const failed = await withInvocationTime(TIME_BUDGETS.prompts, context, () =>
    Promise.all(
      event.Records.map(async (record) => {
        const entryId = newEntryOf(record);
        if (!entryId) return undefined;
        try {
          await sendPaymentPrompt(entryId);
          return undefined;
        } catch (error) {
          logger.error('payment prompt failed before it was claimed', { entryId, error: String(error) });
          return record;
        }
      }),
    ),
  );
  // Lambda retries from the first failed record: the ones after it come again, and find their prompts claimed
  const first = event.Records.find((record) => failed.includes(record));
  return {
    batchItemFailures: first?.dynamodb?.SequenceNumber ? [{ itemIdentifier: first.dynamodb.SequenceNumber }] : [],
  };
}

/** The id of the entry a record stores for the first time; none for any other record. */
function newEntryOf(record: DynamoDBRecord): string | undefined {
  if (record.eventName !== 'INSERT') return undefined;
  const { pk, sk } = streamRecordKey(record);
  return entryIdOfKey(pk, sk);
}
