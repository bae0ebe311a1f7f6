import type { DynamoDBRecord } from 'aws-lambda';
import { ACCESS_CODE_SMS_PREFIX, ENTRY_PREFIX, ENTRY_SORT_KEY, SMS_SORT_KEY } from '../functions/platform/store/keys';

/**
 * Records per invocation of the stream fan-out, in AWS (the event source
 * mapping's batch size) and on the local stack (the poller): one
 * definition. Large, because a batch's cost is mostly per topic pattern it
 * touches (one subscriptions query each, one snapshot per watched topic),
 * not per record: under load, ten batches of 100 cost ten times the reads
 * of one of 1,000. Lambda also closes a batch at 6 MB of payload, and our
 * items (with both images) stay well under that at this size.
 */
export const STREAM_BATCH_SIZE = 1000;

/**
 * Records per invocation of the payment prompts (functions/prompts/), in AWS
 * and on the local stack: small, with many batches at once (the mapping's
 * parallelization factor), since each prompt waits on its provider and every
 * new entry is its own item.
 */
export const PROMPT_BATCH_SIZE = 10;
export const PROMPT_PARALLELIZATION = 10;

/**
 * The records the prompts mapping hands its function (its filter criteria,
 * infra/stacks/realtime-stack.ts): the INSERT of an entry's own item, and of a
 * new one-time code's SMS. Lambda filters a stream's records before it
 * batches them, so a batch holds up to PROMPT_BATCH_SIZE of these whatever
 * else the table wrote meanwhile; the local stack's poller does the same
 * (infra/local/stream-poller.ts).
 */
export const PROMPT_RECORDS: ReadonlyArray<{ pkPrefix: string; sk: string }> = [
  { pkPrefix: ENTRY_PREFIX, sk: ENTRY_SORT_KEY },
  { pkPrefix: ACCESS_CODE_SMS_PREFIX, sk: SMS_SORT_KEY },
];

/** Whether the prompts mapping's filter passes a record. */
export function isPromptRecord(record: DynamoDBRecord): boolean {
  if (record.eventName !== 'INSERT') return false;
  const pk = record.dynamodb?.Keys?.pk?.S;
  const sk = record.dynamodb?.Keys?.sk?.S;
  return PROMPT_RECORDS.some((filter) => pk?.startsWith(filter.pkPrefix) === true && sk === filter.sk);
}
