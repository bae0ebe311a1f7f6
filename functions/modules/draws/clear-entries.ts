import { messages } from '@shared/messages';
import { formatTicketNumber } from '@shared/ticket-number';
import { oneSms, toGsm7 } from '../../integrations/sms/gsm7';
import { runBounded, type BatchOptions } from '../../platform/bounded-batch';
import { isTransactionConflict } from '../../platform/dynamo';
import { retryOnConflict } from '../../platform/retry';
import { logger } from '../../platform/logger';
import { WINDOW_BACKOFF } from './close-window';
import { payoutRefusalFor } from '../payouts';
import { deliverSms, smsIdOf } from '../messages';
import { getAssignment, type Assignment, getPromotion } from '../catalog';
import { dequeueClear, recordClearProgress, type QueuedClear } from './store/clear-queue';
import { CARRY_BATCH, carryEntries, markClearDone } from './store/draw-clearing';
import { getEntry, getWindowEntry, listWindowEntries, type WindowEntry } from '../entries';
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
  assignment: Pick<Assignment, 'id' | 'promotionId' | 'partnerId' | 'clearPending'>,
  now: Date,
): Promise<void> {
  const pending = assignment.clearPending;
  if (!pending) return;
  if (pending.mode === 'late') {
    await finishLateTail(assignment.id, pending, now);
    return;
  }
  const entries = await listWindowEntries(assignment.id, pending.windowNo, { fromSeq: 1, count: pending.count });
  for (let i = 0; i < entries.length; i += CARRY_BATCH) {
    const batch = entries.slice(i, i + CARRY_BATCH);
    await untilUncontended(() => carryEntries(assignment.id, pending.windowNo, batch, now.toISOString()));
  }
  await markClearDone(assignment.id, pending.windowNo);
}

/** Moves attempted against a racing mover (the job beside a draw) before giving up. */
const MOVE_ATTEMPTS = 10;

/** A move that met another mover's transaction on the same items is tried again: it is idempotent. */
const untilUncontended = (move: () => Promise<void>): Promise<void> =>
  retryOnConflict(move, { attempts: MOVE_ATTEMPTS, ...WINDOW_BACKOFF, thrownContended: isTransactionConflict });

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
 * The provider half of a clear, run by the finish-clears job (functions/modules/draws/finish-clears.ts), never
 * by the admin's request (DESIGN section 8: a Lambda's timeout must exceed the sum of its calls): a carry's
 * entries are moved if no draw has moved them yet, then each player gets the SMS; a refund's entries get
 * their stakes back by mobile money (committed one at a time, sent side by side), then the SMS. A run
 * takes first the tickets earlier runs left failing (`retry`), then the next ones after `done`, at most
 * `maxTickets`, a few at once, none started past the run's budget; a ticket that keeps failing is retried
 * every run without holding up the ones after it. Every step is once per entry however often it runs.
 * Leaves the queue when every entry is done.
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
  const max = limits.maxTickets ?? Number.POSITIVE_INFINITY;
  const retrying = (clear.retry ?? []).slice(0, max);
  const from = clear.done ?? 0;
  const count = Math.max(0, Math.min(clear.count - from, max - retrying.length));
  const [again, next] = await Promise.all([
    Promise.all(retrying.map((seq) => getWindowEntry(clear.assignmentId, clear.windowNo, seq))),
    count > 0 ? listWindowEntries(clear.assignmentId, clear.windowNo, { fromSeq: from + 1, count }) : [],
  ]);
  const entries = [...again.flatMap((entry, i) => (entry ? [{ ...entry, seq: retrying[i]! }] : [])), ...next];
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
  // runBounded starts tickets in list order: the retried first, then the new; those not started are the last
  const started = entries.length - notStarted;
  const retried = entries.length - next.length;
  const failed = entries.slice(0, started).filter((_, i) => results[i] !== 'done');
  const progress = {
    done: from + Math.max(0, started - retried),
    retry: [...failed, ...entries.slice(started, retried)]
      .map((entry) => entry.seq)
      .concat((clear.retry ?? []).slice(retrying.length)),
  };
  if (progress.done >= clear.count && progress.retry.length === 0) {
    await dequeueClear(clear);
    return { outcome: 'done', tickets: started };
  }
  await recordClearProgress(clear, progress);
  return { outcome: 'unfinished', tickets: started };
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
    // the provider's check first: if it cannot be made (an outage) nothing is committed, and the next run tries again
    const payable = await payableNow(entry.entryId);
    const refund = await inTurn(() => commitEntryRefund(clear.windowNo, entry.entryId, context, now));
    await refund.send?.(payable);
    const sms = messageOf(title, (t) =>
      messages.clearDraw.refundedSms(t, formatTicketNumber(entry.ticketNumber), refund.stake),
    );
    await tellPlayer(entry, clear.windowNo, sms, now);
  };
}

/**
 * Whether the provider says now that this player's refund can be paid (sendTransfer need not ask again);
 * false if refunded already or refused (then sendTransfer asks and fails it with the reason). Throws when
 * the provider cannot be asked.
 */
async function payableNow(entryId: string): Promise<boolean> {
  const entry = await getEntry(entryId);
  if (!entry || entry.refundedAt) return false;
  return (await payoutRefusalFor(entry)) === undefined;
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
