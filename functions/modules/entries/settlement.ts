import { randomUUID } from 'node:crypto';
import { sleep } from '../../platform/pause';
import { confirmEntry, getEntry, type Entry } from './store/entries';
import { confirmedEntriesOf } from './store/entry-reads';
import {
  leaseAndWindow,
  offerSettlerTurn,
  releaseSettlementLease,
  settlementLeaseHeld,
  takeSettlementLease,
} from './store/settlement-lease';
import { drainQueue, LEASE_MS, type SettlerTurn } from './settler-turn';

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

/** How long a caller waits for its entry before leaving it to reconciliation (a callback must answer). */
const WAIT_MS = 4_000;
/** A waiting caller's first look at the lease itself (then twice as long each time): the offer is the usual way. */
const LEASE_LOOK_MS = 400;
/** Queued entries a settler offers the lease to after its turn (one takes it; the others' tries fail and wait on)… */
const OFFERED = 2;
/** …among the queue's oldest, as the index lists them (it may still list some just settled). */
const OFFER_READ = 12;
/**
 * Settle a paid entry (DESIGN section 4). Entries of one
 * draw window are settled in batches, by one caller at a time — whoever
 * holds the window's lease — each batch ONE transaction that gives every
 * entry its ticket number and the next sequence numbers of the open window,
 * writes the window's seq items, adds the batch to the assignment and its
 * counters once, and credits the partner's and announcers' shares with one
 * ledger line per payee. A caller that finds the lease free settles its
 * entry at once, with whatever the window's settle queue holds (in a quiet
 * window — nobody queued — without even taking the lease: one transaction
 * the size of a lone entry's); one that finds it taken confirms its entry
 * — one conditional write that puts it in the queue, and after which it can
 * no longer fail — and waits for the holder to settle it, reading only its
 * own entry: a settler whose turn ends offers the lease to the oldest still
 * queued, on their own items (and a waiter
 * looks at the lease itself only now and then, at growing intervals, for one
 * that ran out). Correctness never rests on the lease, only speed: exactly
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
  // whether to try for the lease this round: at first unless a first look found it held; then when offered it
  let tryLease = true;
  if (!entry.confirmedAt) {
    // a first look, writing nothing: a quiet window's lone entry is settled without taking the lease at all;
    // a window being settled is joined without trying for its lease
    const lease = await leaseAndWindow(entry.assignmentId);
    if (!lease.held && lease.quiet && lease.assignment) {
      const turn = await drainQueue(entry, now, { unheld: true }, lease.assignment, true);
      ticketSms.push(turn.ticketSms);
      // no turn to offer: it never held the lease (one queued behind a holder is offered the lease by that holder,
      // or finds it free at its next look); reading the queue's every shard here cost a quiet entry 18 queries
      if (turn.mine) return { outcome: 'settled', entry: turn.mine };
    }
    tryLease = !lease.held;
  }
  // the last turn offered to this entry (a new one is a settler handing on), and when to look at the lease itself
  let offered = entry.settleTurnAt;
  let leaseLookMs = LEASE_LOOK_MS;
  let leaseLookAt = Date.now() + leaseLookMs;
  for (let round = 0; ; round += 1) {
    const lease = tryLease
      ? await takeSettlementLease(entry.assignmentId, holder, LEASE_MS)
      : { taken: false as const };
    if (lease.taken) {
      let turn: SettlerTurn | undefined;
      try {
        turn = await drainQueue(entry, now, { holder }, undefined, lease.quiet && !entry.confirmedAt);
      } finally {
        // a turn that gave the lease back in its last transaction, or ended on a read of the queue, had read it
        // empty (or lost the lease to a holder who offers it on): nobody to offer it to, but one queued since, who
        // looks at the lease soon. The window is left busy all the same: callers arriving together after a busy
        // turn take the lease one at a time, where settling alone they would cancel each other's transactions
        if (!turn?.released) {
          await releaseSettlementLease(entry.assignmentId, holder);
          if (!turn?.emptied) await offerTurn(entry, turn?.settled);
        }
      }
      ticketSms.push(turn.ticketSms);
      if (turn.mine) return { outcome: 'settled', entry: turn.mine };
    }
    // its own turn ended before its entry was paid (a long queue): it tries for the lease again after its pause
    const again = lease.taken;
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
    // its own item only (no key shared with other waiters), eventually consistent: a stale look only waits longer
    const current = await getEntry(entry.id, { consistent: false });
    if (!current) throw new Error(`no entry ${entry.id}`);
    if (current.status !== 'pending') return { outcome: 'unchanged', entry: current };
    if (Date.now() > deadline) {
      // a last look that cannot be stale before leaving it to reconciliation
      const last = await getEntry(entry.id);
      if (last && last.status !== 'pending') return { outcome: 'unchanged', entry: last };
      throw new SettlementBusyError(entry.id);
    }
    // a settler handing on offered this entry the lease; else, now and then, a look whether it ran out or was
    // given back with this entry unseen (an index lags its table)
    tryLease = again || (current.settleTurnAt !== undefined && current.settleTurnAt !== offered);
    offered = current.settleTurnAt ?? offered;
    if (!tryLease && Date.now() >= leaseLookAt) {
      tryLease = !(await settlementLeaseHeld(entry.assignmentId));
      leaseLookMs *= 2;
      leaseLookAt = Date.now() + leaseLookMs;
    }
  }
}

/**
 * After a turn, whether it gave the lease back in its last transaction (the
 * queue read empty) or after it (others queued): the oldest queued entries
 * it did not settle are offered the lease, on their own items — one that
 * queued unseen (an index lags its table) learns it may take over without
 * anyone reading the lease in a loop.
 */
async function offerTurn(entry: Entry, settled: ReadonlySet<string> = new Set()): Promise<void> {
  const queued = await confirmedEntriesOf(entry.assignmentId, OFFER_READ);
  const next = queued.filter((e) => e.id !== entry.id && !settled.has(e.id)).slice(0, OFFERED);
  await offerSettlerTurn(
    next.map((e) => e.id),
    new Date(),
  );
}

/**
 * A waiting caller's pause between looks at its own entry: about a batch's
 * time at first (the settler is usually taking it already), growing to
 * ~400 ms — no longer, as an offered turn is seen at its next look. Each
 * look is a request (the surge bench's waiting callbacks made 23 of the 43 a
 * paid entry cost at a cap of 160 ms; 15 at 400, with more entries settled a
 * second, not fewer: DESIGN section 10).
 */
function pause(round: number): Promise<void> {
  const base = Math.min(400, 100 * 1.4 ** round);
  return sleep(base / 2 + Math.random() * base);
}
