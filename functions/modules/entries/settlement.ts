import { logger } from '../../platform/logger';
import { getEntry, type Entry } from './store/entries';
import { settleEntries } from './settle-entries';

export type SettleResult =
  /** This call's transaction made the entry paid. */
  | { outcome: 'settled'; entry: Entry }
  /** It was paid (by another settler) or failed before this call could: nothing changed here for it. */
  | { outcome: 'unchanged'; entry: Entry };

/**
 * Settle paid entries (DESIGN section 4). A payment's callback only
 * confirms its entry — one conditional write, after which it can no longer
 * fail — and answers; the table's stream hands the entries confirmed
 * together to settlement (./settlement-stream.ts, run by the fan-out
 * consumer, functions/lambdas/stream.ts), which takes them together,
 * each assignment's in batches of ONE transaction each that gives every
 * entry its ticket number and the next sequence numbers of the open window,
 * writes the window's seq items, adds the batch to the assignment and its
 * counters once, and credits the partner's and announcers' shares with one
 * ledger line per payee (./settle-entries.ts). Nobody waits, and nothing
 * lists the confirmed: the stream hands them over, and reconciliation
 * settles one the stream never did. Correctness rests on each transaction's
 * conditions alone: exactly once, however many settlers race, a
 * transaction takes an entry only while it is pending, and the window only
 * at the count (and terms) it read. Returns with every ticket SMS attempted
 * (a Lambda freezes what is left running); the entries not settled (paid
 * or failed by someone else meanwhile) are left as they are, and an
 * assignment whose settling failed leaves its entries confirmed, listed.
 */
export async function settleConfirmedEntries(entries: readonly Entry[], now: Date): Promise<SettledTogether> {
  const byAssignment = new Map<string, Entry[]>();
  for (const entry of entries) {
    const ofOne = byAssignment.get(entry.assignmentId) ?? [];
    ofOne.push(entry);
    byAssignment.set(entry.assignmentId, ofOne);
  }
  const outcomes = await Promise.all(
    [...byAssignment].map(async ([assignmentId, ofOne]) => {
      try {
        return { paid: await settleNow(ofOne, now), failed: [] };
      } catch (error) {
        const entryIds = ofOne.map((entry) => entry.id);
        logger.error('settlement failed; its entries stay confirmed', {
          assignmentId,
          correlationIds: entryIds,
          error,
        });
        return { paid: [], failed: entryIds };
      }
    }),
  );
  return { paid: outcomes.flatMap((o) => o.paid), failed: outcomes.flatMap((o) => o.failed) };
}

/** What settling entries together did: those made paid, and those whose assignment's settling failed (still confirmed). */
export interface SettledTogether {
  paid: Entry[];
  failed: string[];
}

/** One assignment's entries settled, oldest confirmation first (seqs follow payment times), their SMS attempted. */
async function settleNow(entries: readonly Entry[], now: Date): Promise<Entry[]> {
  const ordered = entries.toSorted((a, b) => (a.confirmedAt ?? '').localeCompare(b.confirmedAt ?? ''));
  const { paid, ticketSms } = await settleEntries(ordered, now);
  await ticketSms;
  return paid;
}

/**
 * Settle one paid entry now, alone (reconciliation, a late payment revived,
 * a confirmation the stream never settled): its own batch. `known`: the
 * entry as the caller just read it (spares a read).
 */
export async function settlePaidEntry(entryId: string, now: Date, known?: Entry): Promise<SettleResult> {
  const entry = known ?? (await getEntry(entryId));
  if (!entry) throw new Error(`no entry ${entryId}`);
  if (entry.status !== 'pending') return { outcome: 'unchanged', entry };
  const [mine] = await settleNow([entry], now);
  if (mine) return { outcome: 'settled', entry: mine };
  const current = await getEntry(entryId);
  if (!current) throw new Error(`no entry ${entryId}`);
  return { outcome: 'unchanged', entry: current };
}
