import { logger } from '../../platform/logger';
import { jitteredBackoff, sleep } from '../../platform/pause';
import { checkedInAnnouncersOf } from '../staff';
import { getAssignment, type Assignment, getPromotion } from '../catalog';
import { gameOf } from '../games';
import type { Entry } from './store/entries';
import { confirmedEntriesOf } from './store/entry-reads';
import {
  batchCapacity,
  commitBatch,
  MAX_BATCH,
  TRANSACTION_ITEMS,
  type Settler,
  type WindowState,
} from './settle-batch';
import { ticketSmsContext, type TicketSmsContext } from './ticket-sms';

/**
 * A settler's turn with its window's lease (./settlement.ts): the window's
 * settle queue, batch after batch (./settle-batch.ts).
 */

/** How long a settler holds its window's lease. */
export const LEASE_MS = 4_000;
/** Once its own entry is paid, a settler keeps draining its window this long before handing over. */
const HAND_OVER_AFTER_MS = 1_000;
/** A settler of a busy window waits this long between batches, for the next to take more at once. */
const GATHER_MS = 25;
/** Failed transactions in one lease before a settler gives up its turn. */
const MAX_FAILURES = 40;

export interface SettlerTurn {
  /** The caller's own entry, if this turn settled it. */
  mine?: Entry;
  /** The ticket SMS of everything this turn settled. */
  ticketSms: Promise<void>;
  /** The lease went back in the turn's last transaction. */
  released: boolean;
  /** Entries this turn settled or found no longer takeable (an index read may still list them as queued). */
  settled: ReadonlySet<string>;
  /** The turn ended on a read of the queue that found nobody left to settle. */
  emptied?: boolean;
}

/**
 * One settler's turn with the lease (DESIGN section 9: batches make one hot
 * window settle at the machine's pace, where one transaction per entry made
 * every caller retry against every other): settle the window's queue,
 * oldest first, batch after batch, until the caller's own entry is paid and
 * the queue is empty (or the turn has run long enough for a waiting caller
 * to take over). `known`: the assignment as just read; `quiet`: the window's
 * last settler found nobody queued and this entry never queued.
 */
export async function drainQueue(
  mine: Entry,
  now: Date,
  settler: Settler,
  known: Assignment | undefined,
  quiet: boolean,
): Promise<SettlerTurn> {
  const started = Date.now();
  const sms: Array<Promise<void>> = [];
  // settled in this turn, or no longer takeable: an index read may still list them
  const done = new Set<string>();
  let mineSettled: Entry | undefined;
  let mineSettledAt = 0;
  let failures = 0;
  // the window as just read (its transaction re-checks it), else read with the queue
  let assignment: Assignment | undefined = known;
  // the promotion's title (balances and ticket texts name it): as the entry was made, else read once per turn
  let title: Promise<string> | undefined = !gameOf(mine.game).titledByPromotion
    ? undefined
    : mine.promotionTitle !== undefined
      ? Promise.resolve(mine.promotionTitle)
      : getPromotion(mine.promotionId).then((p) => p?.title ?? '');
  // what the ticket texts need (house rules, or that title): once per turn
  let smsContext: Promise<TicketSmsContext> | undefined;
  // others were waiting in the queue: more may be arriving, so the turn goes on until the queue reads empty
  let contended = false;
  // when the turn's first batch committed (wall clock): later batches are booked that much after `now`
  let firstCommitAt: number | undefined;
  const turn = (released: boolean, emptied = false): SettlerTurn => ({
    mine: mineSettled,
    ticketSms: Promise.all(sms).then(() => undefined),
    released,
    settled: done,
    emptied,
  });

  while (Date.now() - started < LEASE_MS - 1_000) {
    if (mineSettled && Date.now() - mineSettledAt > HAND_OVER_AFTER_MS) break;
    if (!mineSettled && done.has(mine.id)) break;
    const limit = Math.min(TRANSACTION_ITEMS, MAX_BATCH + done.size);
    // a quiet window (its last settler found nobody queued) and an entry that never queued: just this entry, at first
    const skipQueue = quiet && done.size === 0 && failures === 0;
    const [read, queued] = await Promise.all([
      assignment ? Promise.resolve(assignment) : getAssignment(mine.assignmentId),
      skipQueue ? Promise.resolve([]) : confirmedEntriesOf(mine.assignmentId, limit),
    ]);
    if (!read) throw new Error(`entry ${mine.id} names a missing assignment ${mine.assignmentId}`);
    assignment = read;
    if (assignment.kind === 'partner' && assignment.promotionId !== mine.promotionId) title = undefined;
    title ??=
      assignment.kind === 'partner'
        ? getPromotion(assignment.promotionId).then((p) => p?.title ?? '')
        : Promise.resolve('');
    const window = await windowState(assignment, title);

    const capacity = batchCapacity(assignment, window.announcerIds.length);
    const waiting = queued.filter((e) => !done.has(e.id));
    const batch = waiting.slice(0, capacity);
    // the caller's own entry: not in the queue unless it was confirmed (and the index may lag the table)
    if (!mineSettled && !done.has(mine.id) && batch.length < capacity && !batch.some((e) => e.id === mine.id))
      batch.push(mine);
    if (batch.length === 0) return turn(false, !skipQueue);
    contended ||= batch.some((e) => e.id !== mine.id);
    // alone in the queue as read, the caller's entry ends the turn, lease and all, in its one transaction
    // (one confirmed meanwhile finds the lease free once it commits); a busy window's settler reads the
    // queue again after its own entry, to take those that came meanwhile before they must take over
    const last =
      !contended && queued.length < limit && waiting.length <= capacity && batch.some((e) => e.id === mine.id);

    // the time the batch is booked at: the caller's `now`, moving on with the clock after the turn's first
    // batch, and never before the window's last settlement (seqs follow payment times: modules/draws/eligible-tickets.ts)
    const elapsed = firstCommitAt === undefined ? 0 : Date.now() - firstCommitAt;
    const at = new Date(
      Math.max(now.getTime() + elapsed, assignment.lastPaidAt ? Date.parse(assignment.lastPaidAt) : 0),
    );
    // without the lease: this one batch, if it is the whole turn
    if ('unheld' in settler && !last) break;
    // what the ticket texts need, read once a turn: each ticket's SMS is owed in its batch's transaction
    smsContext ??= smsContextOf(assignment, window, batch);
    const outcome = await commitBatch(batch, window, at, await smsContext, last ? settler : undefined);
    if ('unheld' in settler) {
      if (outcome.committed) {
        mineSettled = outcome.paid.find((e) => e.id === mine.id);
        sms.push(outcome.sendTicketSms());
      }
      return turn(true);
    }
    if (outcome.committed) {
      failures = 0;
      firstCommitAt ??= Date.now();
      for (const entry of outcome.paid) done.add(entry.id);
      const own = outcome.paid.find((e) => e.id === mine.id);
      if (own) {
        mineSettled = own;
        mineSettledAt = Date.now();
      }
      sms.push(outcome.sendTicketSms());
      // the window as this transaction left it: the next batch follows on (a draw in between fails it, and it reads again)
      assignment = outcome.window;
      if (last) return turn(true);
      // draining a busy window for others: let the next batch gather what arrives meanwhile (fewer, fuller transactions)
      if (mineSettled && outcome.paid.length < capacity) await gather();
      continue;
    }
    // the lease expired and passed on: that settler goes on from here
    if (outcome.leaseLost) return turn(true);
    failures += 1;
    for (const id of outcome.gone) done.add(id);
    if (outcome.windowMoved) assignment = undefined;
    if (failures >= MAX_FAILURES) break;
    if (outcome.windowMoved || outcome.busy) await backoff(failures);
    if (failures % 10 === 0) logger.warn('settlement contended', { assignmentId: mine.assignmentId, failures });
  }
  return turn(false);
}

/** What the ticket texts of a turn need: the promotion's title (known), or the house rules (read once). */
function smsContextOf(assignment: Assignment, window: WindowState, batch: readonly Entry[]): Promise<TicketSmsContext> {
  return assignment.kind === 'partner'
    ? Promise.resolve({ titles: new Map([[assignment.promotionId, window.promotionTitle]]) })
    : ticketSmsContext(batch);
}

/** Announcers checked in now (only when they have a share), and the promotion's title. */
async function windowState(assignment: Assignment, title: Promise<string>): Promise<WindowState> {
  const [announcers, promotionTitle] = await Promise.all([
    assignment.kind === 'partner' && assignment.announcerBp > 0 ? checkedInAnnouncersOf(assignment.partnerId) : [],
    title,
  ]);
  return { assignment, announcerIds: announcers.map((a) => a.id), promotionTitle };
}

/** A settler's pause between batches of a busy window. */
const gather = (): Promise<void> => sleep(GATHER_MS);

/** Jittered exponential backoff, capped at ~100 ms: contention clears in a few tries. */
const backoff = (attempt: number): Promise<void> => jitteredBackoff(attempt, 5, 100);
