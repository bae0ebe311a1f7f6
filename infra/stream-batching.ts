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
