import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { TIME_BUDGETS } from '@shared/time-budgets';
import { withInvocationTime } from '../platform/call-time';
import { logger } from '../platform/logger';
import { promptOwed, sendPaymentPrompt } from '../modules/entries';
import { attemptSms } from '../modules/messages';
import { paymentProviderOf, type PaymentProvider } from '@shared/payment-providers';
import { clock } from '../platform/clock';
import { sleep } from '../platform/pause';
import { accessCodeSmsIdOfKey, entryIdOfKey } from '../platform/store/keys';
import { providerTenthMs, takeProviderPrompts } from '../platform/store/prompt-limits';
import { streamRecordImages, streamRecordKey } from '../platform/store/stream-records';

/**
 * The payment prompts (DESIGN section 8, "Time budgets"): a second consumer
 * of the table's stream, taking each newly stored entry (an INSERT of an
 * entry item; the event source mapping filters to those in AWS, this
 * handler checks again) and asking its provider to collect, beside the
 * request that stored it. The entries of a batch go out together. A
 * record fails (and comes again) only when its claim could not be written;
 * once claimed, a prompt is never sent twice (modules/entries/payment-prompt.ts).
 * It also sends each new one-time code SMS of the web's My tickets at once
 * (the public function only owes it; a failed attempt is the retry job's).
 */
const processor = new BatchProcessor(EventType.DynamoDBStreams);

export async function handler(event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> {
  if (context) logger.addContext(context);
  // the records of a batch go out together (in parallel); Lambda retries from the first failed record: the ones
  // after it come again, and find their prompts claimed. A batch failing whole is answered, not thrown, like any other.
  return withInvocationTime(TIME_BUDGETS.prompts, context, async () => {
    // the providers' rates, a batch's uses in one write each (an entry only looked at them: DESIGN section 10)
    await paceProviders(event.Records);
    return processPartialResponse(event, promptOf, processor, {
      ...(context ? { context } : {}),
      processInParallel: true,
      throwOnFullBatchFailure: false,
    });
  });
}

/** How long a batch waits for its providers' windows to have room before it fails, to come again (the lease's time). */
const PACE_WAIT_MS = 10_000;

/**
 * Take each provider's uses for the batch's new entries before their
 * prompts go out: never more than the provider's rate in any window. A
 * window without room now is waited on (a tenth at a time) and, still
 * full, fails the batch, which comes again; a replayed record takes a use
 * its claim then spares (the count errs high, never low).
 */
async function paceProviders(records: readonly DynamoDBRecord[]): Promise<void> {
  const perProvider = new Map<PaymentProvider, number>();
  for (const record of records) {
    // an entry whose prompt is owed (a paid one written whole, as a fixture or a migration writes it, asks nothing)
    const stored = newItemOf(record, entryIdOfKey) ? streamRecordImages(record).newImage : undefined;
    const msisdn = promptOwed(stored) ? stored!.msisdn : undefined;
    const provider = typeof msisdn === 'string' ? paymentProviderOf(msisdn) : undefined;
    if (provider) perProvider.set(provider, (perProvider.get(provider) ?? 0) + 1);
  }
  const giveUpAt = Date.now() + PACE_WAIT_MS;
  await Promise.all(
    [...perProvider].map(async ([provider, count]) => {
      for (let left = count; ; ) {
        left -= await takeProviderPrompts(provider, left, clock.now());
        if (left === 0) return;
        if (Date.now() > giveUpAt) throw new Error(`${provider}'s prompt rate stayed full: the batch comes again`);
        await sleep(providerTenthMs(provider));
      }
    }),
  );
}

/** One record: the prompt of the entry it stores for the first time, or a new code's SMS (nothing for any other record). */
async function promptOf(record: DynamoDBRecord): Promise<void> {
  const codeSms = newItemOf(record, accessCodeSmsIdOfKey);
  // claimed like any attempt: a replayed record, or the retry job, never sends it twice
  if (codeSms) return void (await attemptSms(codeSms, new Date()));
  const entryId = newItemOf(record, entryIdOfKey);
  if (!entryId) return;
  try {
    await sendPaymentPrompt(entryId);
  } catch (error) {
    logger.error('payment prompt failed before it was claimed', { entryId, error: String(error) });
    throw error;
  }
}

/** The id of the item a record stores for the first time, if `idOf` names it; none for any other record. */
function newItemOf(
  record: DynamoDBRecord,
  idOf: (pk: string | undefined, sk: string | undefined) => string | undefined,
): string | undefined {
  if (record.eventName !== 'INSERT') return undefined;
  const { pk, sk } = streamRecordKey(record);
  return idOf(pk, sk);
}
