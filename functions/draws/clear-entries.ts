import { messages } from '@shared/messages';
import { formatTicketNumber } from '@shared/ticket-number';
import { oneSms, toGsm7 } from '../integrations/sms/gsm7';
import { runBounded, type BatchOptions } from '../jobs/bounded-batch';
import { logger } from '../lib/logger';
import { deliverSms, smsIdOf } from '../sms/deliver-sms';
import { getAssignment, type Assignment } from '../store/assignments';
import { dequeueClear, recordClearProgress, type QueuedClear } from '../store/clear-queue';
import { CARRY_BATCH, carryEntries, markClearDone } from '../store/draw-clearing';
import { listWindowEntries, type WindowEntry } from '../store/draws';
import { getPromotion } from '../store/promotions';
import { finishLateTail } from './late-tail';
import { commitEntryRefund, shareLinesOf } from './refund-entry';

/**
 * The database half of a close that moves entries (DESIGN section 4 "Clear draw"): a carrying clear's
 * close opened the next window holding the cleared entries (its count and Merkle frontier), and a house
 * draw's close its late tail, leaving `clearPending` on the assignment; this moves their seq items and
 * entries there and lets windows close again. No provider call, so a draw that meets it finishes it
 * inline and then sees every entry. Idempotent: a racing finisher moves nothing twice.
 */
export async function moveClearedEntries(
  assignment: Pick<Assignment, 'id' | 'clearPending'>,
  now: Date,
): Promise<void> {
  const pending = assignment.clearPending;
  if (!pending) return;
  if (pending.mode === 'late') {
    await finishLateTail(assignment.id, pending, now);
    return;
  }
  const entries = (await listWindowEntries(assignment.id, pending.windowNo)).slice(0, pending.count);
  for (let i = 0; i < entries.length; i += CARRY_BATCH)
    await carryEntries(assignment.id, pending.windowNo, entries.slice(i, i + CARRY_BATCH), now.toISOString());
  await markClearDone(assignment.id, pending.windowNo);
}

/** What one run did for a queued clear: `done` once every player is told (and refunded), and it left the queue. */
export interface QueuedClearRun {
  outcome: 'done' | 'unfinished';
  /** Tickets this run started on. */
  tickets: number;
}

/** Limits of one run over a queued clear: the job's batch options, and at most `maxTickets` tickets. */
export interface QueuedClearLimits extends BatchOptions {
  maxTickets?: number;
}

/**
 * The provider half of a clear, run by the finish-clears job (functions/jobs/finish-clears.ts), never
 * by the admin's request (DESIGN section 8: a Lambda's timeout must exceed the sum of its calls): a carry's
 * entries are moved if no draw has moved them yet, then each player gets the SMS; a refund's entries get
 * their stakes back by mobile money (committed one at a time, sent side by side), then the SMS. A run
 * starts where the last one stopped (the queue item's `done`), takes at most `maxTickets`, a few at once,
 * none started past the run's budget; what it does not reach, or what fails, the next run does: every
 * step is once per entry however often it runs. Leaves the queue when every entry is done.
 */
export async function finishQueuedClear(
  clear: QueuedClear,
  now: Date,
  limits: QueuedClearLimits = {},
): Promise<QueuedClearRun> {
  if (clear.mode === 'carry') {
    const assignment = await getAssignment(clear.assignmentId);
    if (assignment?.clearPending?.windowNo === clear.windowNo) await moveClearedEntries(assignment, now);
  }
  const from = clear.done ?? 0;
  const count = Math.max(0, Math.min(clear.count - from, limits.maxTickets ?? Number.POSITIVE_INFINITY));
  const entries =
    count > 0 ? await listWindowEntries(clear.assignmentId, clear.windowNo, { fromSeq: from + 1, count }) : [];
  const title = (await getPromotion(clear.promotionId))?.title ?? '';
  const tell = clear.mode === 'carry' ? carriedWork(clear, title, now) : await refundWork(clear, entries, title, now);
  const { results, notStarted } = await runBounded(
    entries,
    async (entry) => {
      try {
        await tell(entry);
        return 'done';
      } catch (error) {
        logger.error('cleared ticket not finished; the next run tries again', {
          entryId: entry.entryId,
          correlationId: entry.entryId,
          clear: `${clear.assignmentId}-w${clear.windowNo}`,
          error,
        });
        return 'error';
      }
    },
    limits,
  );
  const finished = results.findIndex((result) => result !== 'done');
  const done = from + (finished === -1 ? entries.length : finished);
  const tickets = entries.length - notStarted;
  if (done >= clear.count) {
    await dequeueClear(clear);
    return { outcome: 'done', tickets };
  }
  if (done > from) await recordClearProgress(clear, done);
  return { outcome: 'unfinished', tickets };
}

/** A carried ticket's player is told. */
function carriedWork(clear: QueuedClear, title: string, now: Date) {
  return (entry: WindowEntry) =>
    tellPlayer(
      entry,
      clear.windowNo,
      messageOf(title, (t) => messages.clearDraw.carriedSms(t, formatTicketNumber(entry.ticketNumber))),
      now,
    );
}

/**
 * A refunded ticket: its refund committed in turn (each reads and debits the same partner's balances),
 * its transfer sent, then its player told.
 */
async function refundWork(clear: QueuedClear, entries: readonly WindowEntry[], title: string, now: Date) {
  const shares = await shareLinesOf(clear.partnerId, new Set(entries.map((entry) => entry.entryId)));
  const inTurn = oneAtATime();
  return async (entry: WindowEntry) => {
    const context = { shares: shares.get(entry.entryId) ?? [], promotionTitle: title, requestedBy: clear.requestedBy };
    const refund = await inTurn(() => commitEntryRefund(clear.windowNo, entry.entryId, context, now));
    await refund.send?.();
    const sms = messageOf(title, (t) =>
      messages.clearDraw.refundedSms(t, formatTicketNumber(entry.ticketNumber), refund.stake),
    );
    await tellPlayer(entry, clear.windowNo, sms, now);
  };
}

/** Runs the functions given to it one after another, in the order given, whatever each one's outcome. */
function oneAtATime() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = last.then(work);
    last = run.catch(() => undefined);
    return run;
  };
}

/** One GSM-7 SMS, the promotion's title cut to fit. */
function messageOf(title: string, compose: (title: string) => string): string {
  return oneSms(compose, toGsm7(title).trim() || 'raffle');
}

/** The player's SMS about its cleared ticket, once per entry (its id), retried by the SMS job on a gateway failure. */
async function tellPlayer(entry: WindowEntry, windowNo: number, text: string, now: Date): Promise<void> {
  // once per entry and cleared window: a ticket carried twice is told twice
  const id = smsIdOf('draw-cleared', `${entry.entryId}-w${windowNo}`);
  await deliverSms({ id, purpose: 'draw-cleared', ref: entry.entryId, to: entry.msisdn, text }, now);
}
