import { logger } from '../../platform/logger';
import { jitteredBackoff } from '../../platform/pause';
import { checkedInAnnouncersOf } from '../staff';
import { getAssignment, type Assignment, getPromotion } from '../catalog';
import { gameOf } from '../games';
import type { Entry } from './store/entries';
import { batchCapacity, commitBatch, type WindowState } from './settle-batch';
import { ticketSmsContext, type TicketSmsContext } from './ticket-sms';
import { releaseTicketNumbers, reserveTicketNumbers } from './store/tickets';

/**
 * Settling some paid entries of one assignment (./settlement.ts), batch
 * after batch (./settle-batch.ts), oldest first, each batch ONE transaction
 * that takes the open window's next seqs.
 */

/** Failed transactions in a row before a settling gives up (its entries stay confirmed: the stream or reconciliation tries again). */
const MAX_FAILURES = 40;

export interface Settled {
  /** The entries these batches made paid (one already paid, or failed, by someone else is not among them). */
  paid: Entry[];
  /** Their ticket SMS (owed in their transactions) and the deletes of their open-payment marks: settled when done. */
  ticketSms: Promise<void>;
}

/**
 * Settle `entries` — all of ONE assignment, pending, their payment
 * confirmed — in as few transactions as their window takes (DESIGN section
 * 9: batches make one hot window settle at the machine's pace). Every
 * guarantee rests on each transaction's conditions, not on who else is
 * settling: an entry is taken only while pending, the window only at the
 * count and terms read. A refused transaction drops what is gone (paid or
 * failed meanwhile), reads the window again if it moved (another settler's
 * batch, a draw), and tries again after a pause; MAX_FAILURES in a row
 * throw (the entries stay confirmed).
 */
export async function settleEntries(entries: readonly Entry[], now: Date): Promise<Settled> {
  const first = entries[0];
  if (!first) return { paid: [], ticketSms: Promise.resolve() };
  const sms: Array<Promise<void>> = [];
  const paid: Entry[] = [];
  let waiting = [...entries];
  let window: WindowState | undefined;
  // what the ticket texts need (house rules, or the promotion's title): once per call
  let smsContext: Promise<TicketSmsContext> | undefined;
  let failures = 0;
  // each entry's ticket number, reserved once before its first try and kept through every retry
  const tickets = new Map<string, string>();
  // when the first batch committed (wall clock): later batches are booked that much after `now`
  let firstCommitAt: number | undefined;
  while (waiting.length > 0) {
    window ??= await windowOf(first);
    const { assignment } = window;
    const batch = waiting.slice(0, batchCapacity(assignment, window.announcerIds.length));
    // the time the batch is booked at: `now`, moving on with the clock after the first batch, and never before
    // the window's last settlement (seqs follow payment times: modules/draws/eligible-tickets.ts)
    const elapsed = firstCommitAt === undefined ? 0 : Date.now() - firstCommitAt;
    const at = new Date(
      Math.max(now.getTime() + elapsed, assignment.lastPaidAt ? Date.parse(assignment.lastPaidAt) : 0),
    );
    smsContext ??= smsContextOf(window, batch);
    const unreserved = batch.filter((entry) => !tickets.has(entry.id)).map((entry) => entry.id);
    for (const [entryId, ticket] of await reserveTicketNumbers(unreserved)) tickets.set(entryId, ticket);
    const outcome = await commitBatch(batch, tickets, window, at, await smsContext);
    if (outcome.committed) {
      failures = 0;
      firstCommitAt ??= Date.now();
      paid.push(...outcome.paid);
      sms.push(outcome.afterCommit());
      const done = new Set(outcome.paid.map((e) => e.id));
      waiting = waiting.filter((e) => !done.has(e.id));
      // the window as this transaction left it: the next batch follows on (a draw in between fails it, and it reads again)
      window = { ...window, assignment: outcome.window };
      continue;
    }
    failures += 1;
    const gone = new Set(outcome.gone);
    waiting = waiting.filter((e) => !gone.has(e.id));
    // paid or failed by someone else: the numbers reserved for them go again
    await releaseReserved(tickets, outcome.gone);
    if (outcome.windowMoved) window = undefined;
    if (failures >= MAX_FAILURES) {
      await releaseReserved(
        tickets,
        waiting.map((e) => e.id),
      );
      throw new Error(`settlement of assignment ${first.assignmentId} contended: given up`);
    }
    if (failures % 10 === 0) logger.warn('settlement contended', { assignmentId: first.assignmentId, failures });
    if (outcome.windowMoved || outcome.busy) await backoff(failures);
  }
  return { paid, ticketSms: Promise.all(sms).then(() => undefined) };
}

/** Release the numbers reserved for these entries (a stray one is no ticket anyway: ./store/tickets.ts). */
async function releaseReserved(tickets: Map<string, string>, entryIds: readonly string[]): Promise<void> {
  const reserved = entryIds.flatMap((id) => {
    const ticket = tickets.get(id);
    tickets.delete(id);
    return ticket ? [[id, ticket] as const] : [];
  });
  if (reserved.length === 0) return;
  await releaseTicketNumbers(reserved).catch((error: unknown) =>
    logger.warn('reserved ticket numbers not released; no entry holds them', { correlationIds: entryIds, error }),
  );
}

/** The entries' window as read now: the assignment, its checked-in announcers (when they have a share), the title. */
async function windowOf(entry: Entry): Promise<WindowState> {
  const assignment = await getAssignment(entry.assignmentId);
  if (!assignment) throw new Error(`entry ${entry.id} names a missing assignment ${entry.assignmentId}`);
  const [announcers, promotionTitle] = await Promise.all([
    assignment.kind === 'partner' && assignment.announcerBp > 0 ? checkedInAnnouncersOf(assignment.partnerId) : [],
    titleOf(entry, assignment),
  ]);
  return { assignment, announcerIds: announcers.map((a) => a.id), promotionTitle };
}

/** The promotion's title (balances and ticket texts name it): as the entry was made, else read. */
async function titleOf(entry: Entry, assignment: Assignment): Promise<string> {
  if (assignment.kind === 'partner' && assignment.promotionId !== entry.promotionId)
    return (await getPromotion(assignment.promotionId))?.title ?? '';
  if (assignment.kind !== 'partner' && !gameOf(entry.game).titledByPromotion) return '';
  return entry.promotionTitle ?? (await getPromotion(entry.promotionId))?.title ?? '';
}

/** What the ticket texts need: the promotion's title (known), or the house rules (read once). */
function smsContextOf(window: WindowState, batch: readonly Entry[]): Promise<TicketSmsContext> {
  const { assignment } = window;
  return assignment.kind === 'partner'
    ? Promise.resolve({ titles: new Map([[assignment.promotionId, window.promotionTitle]]) })
    : ticketSmsContext(batch);
}

/** Jittered exponential backoff, capped at ~100 ms: contention clears in a few tries. */
const backoff = (attempt: number): Promise<void> => jitteredBackoff(attempt, 5, 100);
