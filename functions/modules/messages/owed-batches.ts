import type { TransactItem } from '../../platform/dynamo';
import { logger } from '../../platform/logger';
import { attempt, attemptSms, deliverSms, leaseEnd, type SmsOutcome } from './deliver-sms';
import { checkCodeOf } from './sms-check';
import { claimSmsBatch, deleteSmsBatch, isSmsBatchId, smsBatchPut } from './store/sms-batches';
import { putSmsChecks } from './store/sms-checks';
import { claimedSmsRecord, dueSmsIds, type NewSms } from './store/sms-records';

/** SMS one run of the retry job attempts, and how many side by side (a run stays well inside the jobs Lambda's 60 s). */
const RETRY_BATCH = 100;
const RETRY_PARALLEL = 10;

/**
 * Owe these SMS in the caller's transaction, claimed for their first
 * attempts: `write` (ONE item for them all, ./store/sms-batches.ts) goes in
 * the transaction, `send` makes those attempts once it has committed — each
 * writing its SMS's record once, with its outcome — and then lets the batch
 * go. A ticket's SMS is owed exactly when its ticket exists (the settlement
 * batch, functions/modules/entries/settle-batch.ts), at a write per batch and
 * one per SMS sent, where a record owed in the transaction and updated when
 * sent cost six write units an SMS (DESIGN section 10). A crash before the
 * batch is let go leaves it to the retry job when the claim's lease ends.
 */
export function owedInTransaction(
  smses: readonly NewSms[],
  now: Date,
): { write: TransactItem; send: () => Promise<SmsOutcome[]> } {
  const lease = leaseEnd(now);
  const records = smses.map((sms) => claimedSmsRecord(sms, now, lease));
  const batch = smsBatchPut(records, now, lease);
  return {
    write: batch.put,
    send: async () => {
      // every check code findable before any SMS can reach anyone (./sms-check.ts), in a request per 25
      await putSmsChecks(records.map((record) => ({ code: checkCodeOf(record), id: record.id, to: record.to })));
      const outcomes = await allSettled(
        records.map((record) => attempt(record, now, { stored: false, checked: true })),
      );
      // an attempt that threw keeps the batch, due when its lease ends
      await deleteSmsBatch(batch.id);
      return outcomes;
    },
  };
}

/**
 * A batch whose sender stopped before letting it go: each of its SMS owed
 * on its own record (with the check code it was owed with) and attempted —
 * one its sender recorded already is not sent again (`skipped`, unless due
 * for a retry anyway) — then the batch goes.
 */
async function attemptSmsBatch(id: string, now: Date): Promise<SmsOutcome[]> {
  const smses = await claimSmsBatch(id, now, leaseEnd(now));
  if (!smses) return ['skipped'];
  const outcomes = await allSettled(smses.map((sms) => deliverSms(sms, now)));
  await deleteSmsBatch(id);
  return outcomes;
}

/**
 * Every attempt's outcome once ALL have ended — a Lambda freezes what is left
 * running, and an attempt resumed after its lease could send a copy the retry
 * job sent already — or the first failure, after all have ended.
 */
async function allSettled(attempts: ReadonlyArray<Promise<SmsOutcome>>): Promise<SmsOutcome[]> {
  const settled = await Promise.allSettled(attempts);
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<SmsOutcome>).value);
}

/** The retry job (every minute): every SMS due by now — and every batch left owing — a few side by side. */
export async function retryDueSms(now: Date): Promise<Record<SmsOutcome, number>> {
  const ids = await dueSmsIds(now, RETRY_BATCH);
  const tally: Record<SmsOutcome, number> = { sent: 0, retrying: 0, failed: 0, skipped: 0 };
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      try {
        const outcomes = isSmsBatchId(id) ? await attemptSmsBatch(id, now) : [await attemptSms(id, now)];
        for (const outcome of outcomes) tally[outcome] += 1;
      } catch (error) {
        // the record (or batch) is unchanged or still claimed: it is due again when its lease ends
        tally.skipped += 1;
        logger.error('SMS attempt failed', { smsId: id, error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(RETRY_PARALLEL, ids.length) }, worker));
  return tally;
}
