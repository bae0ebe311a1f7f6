import { randomInt, randomUUID } from 'node:crypto';
import { stakeLine, PLATFORM_SHARDS, paidEntriesCounterWrites, paidEntriesDelta } from '../ledger';
import { splitEntry, type Split } from './money-split';
import { newTicketNumber } from './ticket-number';
import { logger } from '../../platform/logger';
import { jitteredBackoff, sleep } from '../../platform/pause';
import { checkedInAnnouncersOf } from '../staff';
import { getAssignment, type Assignment, getPromotion } from '../catalog';
import type { BalanceChange } from '../payouts';
import { confirmEntry, getEntry, type Entry } from './store/entries';
import { confirmedEntriesOf } from './store/entry-reads';
import { commitSettlementBatch, type SettlementRefusal } from './store/settlement-batch';
import { entryAndLease, leaseAndWindow, releaseSettlementLease, takeSettlementLease } from './store/settlement-lease';
import { frontierAfter } from './window-frontier';
import { recordEntriesSettled } from './entry-metrics';
import { sendTicketSmses, ticketSmsContext, type TicketSmsContext } from './ticket-sms';

export type SettleResult =
  /** This call's transaction made the entry paid. */
  | { outcome: 'settled'; entry: Entry }
  /** It was paid (by another caller's batch) or failed before this call could: nothing changed here for it. */
  | { outcome: 'unchanged'; entry: Entry };

/** The entry's draw window was too busy to settle it in time; it stays confirmed and reconciliation settles it. */
export class SettlementBusyError extends Error {
  constructor(readonly entryId: string) {
    super(`settlement of ${entryId} deferred: its draw window is busy`);
    this.name = 'SettlementBusyError';
  }
}

/** Entries one settlement transaction takes at most (fewer when their shares need more items). */
const MAX_BATCH = 20;
/** DynamoDB's limit on items in one TransactWriteItems. */
const TRANSACTION_ITEMS = 100;
/** How long a settler holds its window's lease. */
const LEASE_MS = 4_000;
/** Once its own entry is paid, a settler keeps draining its window this long before handing over. */
const HAND_OVER_AFTER_MS = 1_000;
/** How long a caller waits for its entry before leaving it to reconciliation (a callback must answer). */
const WAIT_MS = 4_000;
/** A settler of a busy window waits this long between batches, for the next to take more at once. */
const GATHER_MS = 25;
/** Failed transactions in one lease before a settler gives up its turn. */
const MAX_FAILURES = 40;

/**
 * Settle a paid entry (DESIGN section 4). Entries of one
 * draw window are settled in batches, by one caller at a time — whoever
 * holds the window's lease — each batch ONE transaction that gives every
 * entry its ticket number and the next sequence numbers of the open window,
 * writes the window's seq items, adds the batch to the assignment and its
 * counters once, and credits the partner's and announcers' shares with a
 * ledger line per entry. A caller that finds the lease free settles its
 * entry at once, with whatever the window's settle queue holds (in a quiet
 * window — nobody queued — without even taking the lease: one transaction
 * the size of a lone entry's); one that finds it taken confirms its entry
 * — one conditional write that puts it in the queue, and after which it can
 * no longer fail — and waits for the holder to settle it (or for the lease
 * to be free). Correctness never rests on the lease, only speed: exactly
 * once, however many callbacks and reconciliation runs race, the
 * transaction takes an entry only while it is pending, and the window only
 * at the count (and terms) it read. Returns once the entry is paid (by this
 * call or another); throws SettlementBusyError if that takes longer than a
 * callback can wait.
 */
export async function settlePaidEntry(entryId: string, now: Date, known?: Entry): Promise<SettleResult> {
  const ticketSms: Array<Promise<void>> = [];
  try {
    return await settleWithin(entryId, now, known, ticketSms);
  } finally {
    // the ticket SMS of every turn this call settled are sent before it returns (a Lambda freezes what is
    // left running), without holding up its next round: the gateway's answer is not the window's business
    await Promise.all(ticketSms);
  }
}

async function settleWithin(
  entryId: string,
  now: Date,
  known: Entry | undefined,
  ticketSms: Array<Promise<void>>,
): Promise<SettleResult> {
  let entry = known ?? (await getEntry(entryId));
  if (!entry) throw new Error(`no entry ${entryId}`);
  if (entry.status !== 'pending') return { outcome: 'unchanged', entry };
  const holder = randomUUID();
  const deadline = Date.now() + WAIT_MS;
  let leaseHeld = false;
  if (!entry.confirmedAt) {
    // a first look, writing nothing: a quiet window's lone entry is settled without taking the lease at all;
    // a window being settled is joined without trying for its lease
    const lease = await leaseAndWindow(entry.assignmentId);
    if (!lease.held && lease.quiet && lease.assignment) {
      const turn = await drainQueue(entry, now, { unheld: true }, lease.assignment, true);
      ticketSms.push(turn.ticketSms);
      if (turn.mine) return { outcome: 'settled', entry: turn.mine };
    }
    leaseHeld = lease.held;
  }
  for (let round = 0; ; round += 1) {
    const lease = leaseHeld
      ? { taken: false as const }
      : await takeSettlementLease(entry.assignmentId, holder, LEASE_MS);
    if (lease.taken) {
      let turn: SettlerTurn | undefined;
      try {
        turn = await drainQueue(entry, now, { holder }, undefined, lease.quiet && !entry.confirmedAt);
      } finally {
        if (!turn?.released) await releaseSettlementLease(entry.assignmentId, holder);
      }
      ticketSms.push(turn.ticketSms);
      if (turn.mine) return { outcome: 'settled', entry: turn.mine };
    }
    if (!entry.confirmedAt) {
      // the window is being settled: join its queue, so that its settler takes this entry too
      const confirmed = await confirmEntry(entry, now);
      if (confirmed) entry = confirmed;
      else {
        // confirmed by a racing caller, or no longer pending
        const current = await getEntry(entryId);
        if (!current) throw new Error(`no entry ${entryId}`);
        if (current.status !== 'pending') return { outcome: 'unchanged', entry: current };
        entry = current;
      }
    }
    await pause(round);
    const state = await entryAndLease(entry.id, entry.assignmentId);
    if (!state.entry) throw new Error(`no entry ${entry.id}`);
    if (state.entry.status !== 'pending') return { outcome: 'unchanged', entry: state.entry };
    if (Date.now() > deadline) throw new SettlementBusyError(entry.id);
    leaseHeld = state.leaseHeld;
  }
}

interface SettlerTurn {
  /** The caller's own entry, if this turn settled it. */
  mine?: Entry;
  /** The ticket SMS of everything this turn settled. */
  ticketSms: Promise<void>;
  /** The lease went back in the turn's last transaction. */
  released: boolean;
}

/** What a batch needs besides its entries: the window as read, the checked-in announcers, the title on balances and tickets. */
interface WindowState {
  assignment: Assignment;
  announcerIds: string[];
  promotionTitle: string;
}

/** Who settles: the lease's holder, or (one batch of a quiet window's lone entry) whoever finds it unheld. */
type Settler = { holder: string } | { unheld: true };

/**
 * One settler's turn with the lease (DESIGN section 9: batches make one hot
 * window settle at the machine's pace, where one transaction per entry made
 * every caller retry against every other): settle the window's queue,
 * oldest first, batch after batch, until the caller's own entry is paid and
 * the queue is empty (or the turn has run long enough for a waiting caller
 * to take over). `known`: the assignment as just read; `quiet`: the window's
 * last settler found nobody queued and this entry never queued.
 */
async function drainQueue(
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
  let title: Promise<string> | undefined =
    mine.game !== 'partner'
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
  const turn = (released: boolean): SettlerTurn => ({
    mine: mineSettled,
    ticketSms: Promise.all(sms).then(() => undefined),
    released,
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
    if (batch.length === 0) break;
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
    const outcome = await commitBatch(batch, window, at, last ? settler : undefined);
    if ('unheld' in settler) {
      if (outcome.committed) {
        mineSettled = outcome.paid.find((e) => e.id === mine.id);
        smsContext = smsContextOf(assignment, window, outcome.paid);
        sms.push(sendTicketSmses(outcome.paid, at, smsContext));
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
      smsContext ??= smsContextOf(assignment, window, outcome.paid);
      sms.push(sendTicketSmses(outcome.paid, at, smsContext));
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
function smsContextOf(assignment: Assignment, window: WindowState, paid: readonly Entry[]): Promise<TicketSmsContext> {
  return assignment.kind === 'partner'
    ? Promise.resolve({ titles: new Map([[assignment.promotionId, window.promotionTitle]]) })
    : ticketSmsContext(paid);
}

/** Announcers checked in now (only when they have a share), and the promotion's title. */
async function windowState(assignment: Assignment, title: Promise<string>): Promise<WindowState> {
  const [announcers, promotionTitle] = await Promise.all([
    assignment.kind === 'partner' && assignment.announcerBp > 0 ? checkedInAnnouncersOf(assignment.partnerId) : [],
    title,
  ]);
  return { assignment, announcerIds: announcers.map((a) => a.id), promotionTitle };
}

/**
 * How many entries fit one transaction: 4 items each (entry, ticket, seq
 * item, game-ledger stake line) plus a ledger line per share, beside the window's 8 (assignment,
 * 4 assignment counters, 3 platform counters), one balance per payee and
 * the lease's release.
 */
function batchCapacity(assignment: Assignment, announcers: number): number {
  const partner = assignment.kind === 'partner';
  const payees =
    (partner && assignment.partnerBp > 0 ? 1 : 0) + (partner && assignment.announcerBp > 0 ? announcers : 0);
  const fits = Math.floor((TRANSACTION_ITEMS - 9 - payees) / (4 + payees));
  return Math.max(1, Math.min(MAX_BATCH, fits));
}

type BatchOutcome =
  /** `window`: the assignment as the transaction left it. */
  { committed: true; paid: Entry[]; window: Assignment } | SettlementRefusal;

/**
 * Settle one batch in ONE transaction (see settlePaidEntry); `ending`: the
 * turn ends with it (a lease holder gives the lease back in it).
 */
async function commitBatch(
  batch: readonly Entry[],
  window: WindowState,
  now: Date,
  ending?: Settler,
): Promise<BatchOutcome> {
  const { assignment } = window;
  const paidAt = now.toISOString();
  const paid: Entry[] = batch.map((entry, i) => ({
    ...entry,
    status: 'paid',
    paidAt,
    ticketNumber: newTicketNumber(),
    windowNo: assignment.windowNo,
    seq: assignment.windowCount + 1 + i,
  }));
  const partner = assignment.kind === 'partner';
  const splits: Split[] = paid.map((entry) =>
    splitEntry({
      amountCents: entry.amountCents,
      currency: entry.currency,
      rateMilli: entry.rateMilli,
      partnerBp: partner ? assignment.partnerBp : 0,
      announcerBp: partner ? assignment.announcerBp : 0,
      checkedInAnnouncerIds: window.announcerIds,
    }),
  );

  // the window's Merkle frontier moves with its count (DESIGN section 4, "Fair draws")
  const frontier = await frontierAfter(assignment, paid);
  const delta = paidEntriesDelta(
    paid.map((entry, i) => ({
      amountCents: entry.amountCents,
      currency: entry.currency,
      valueLrdCents: splits[i]!.lrdCents,
    })),
  );
  const after: Assignment = {
    ...assignment,
    lastPaidAt: paidAt,
    windowCount: assignment.windowCount + paid.length,
    ...(frontier ? { windowFrontier: frontier } : {}),
    paidEntries: assignment.paidEntries + paid.length,
    windowValueLrdCents: (assignment.windowValueLrdCents ?? 0) + delta.valueLrdCents,
  };
  const outcome = await commitSettlementBatch({
    assignment,
    paid,
    valueLrdCents: delta.valueLrdCents,
    ...(frontier ? { frontier } : {}),
    counters: paidEntriesCounterWrites(assignment, delta, now, randomInt(PLATFORM_SHARDS)),
    shares: shareChanges(paid, splits, assignment, window.promotionTitle),
    // the regulator report's stakes: each paid entry's stake booked with its payment (DESIGN section 4 "Tax")
    stakes: paid.map((entry, i) => stakeLine(entry, paidAt, splits[i]!.lrdCents)),
    // a holder's turn ending here found nobody else queued: the window is quiet. (A settler without the lease
    // touches it not at all: should a holder have started meanwhile, the window's count decides who goes first.)
    ...(ending && 'holder' in ending ? { releaseLeaseOf: ending.holder } : {}),
    now,
  });
  if (!outcome.committed) return outcome;
  logger.info('entries settled', {
    assignmentId: assignment.id,
    windowNo: assignment.windowNo,
    firstSeq: paid[0]!.seq,
    count: paid.length,
    correlationIds: paid.map((entry) => entry.id),
  });
  recordEntriesSettled(
    paid,
    splits.map((split) => split.lrdCents),
    now,
  );
  return { committed: true, paid, window: after };
}

/** The partner's and each checked-in announcer's share of every entry: one ledger line each. */
function shareChanges(
  paid: readonly Entry[],
  splits: readonly Split[],
  assignment: Assignment,
  promotionTitle: string,
): BalanceChange[] {
  return paid.flatMap((entry, i) => {
    const split = splits[i]!;
    const share = (userId: string, ownerRole: 'partner' | 'announcer', deltaCents: number): BalanceChange => ({
      userId,
      ownerRole,
      promotionId: entry.promotionId,
      promotionTitle,
      deltaCents,
      kind: 'entry-share',
      ref: entry.id,
      ...(entry.currency === 'USD' ? { rateMilli: entry.rateMilli, originalUsdCents: entry.amountCents } : {}),
    });
    return [
      ...(split.partnerCents > 0 ? [share(assignment.partnerId, 'partner', split.partnerCents)] : []),
      ...split.announcerIds.map((id) => share(id, 'announcer', split.perAnnouncerCents)),
    ];
  });
}

/**
 * A waiting caller's pause between looks at its entry: about a batch's time
 * at first (the settler is usually taking it already), up to ~120 ms.
 */
function pause(round: number): Promise<void> {
  const base = Math.min(120, 60 + 20 * round);
  return sleep(base / 2 + Math.random() * base);
}

/** A settler's pause between batches of a busy window. */
const gather = (): Promise<void> => sleep(GATHER_MS);

/** Jittered exponential backoff, capped at ~100 ms: contention clears in a few tries. */
const backoff = (attempt: number): Promise<void> => jitteredBackoff(attempt, 5, 100);
