import type { MerkleFrontier } from '@shared/fairness/merkle';
import type { GameLedgerLine } from '../../ledger';
import { commitLabelled, tableName, type TransactItem } from '../../../platform/dynamo';
import type { Assignment } from '../../catalog';
import { balanceChanges, type BalanceChange } from '../../payouts';
import type { Entry } from './entries';
import { gameLedgerStakesPut } from '../../ledger';
import { keys } from '../../../platform/store/keys';
import { windowRunPuts } from './window-runs';

/** Everything one settlement batch writes, decided before it commits (functions/modules/entries/settlement.ts). */
export interface SettlementBatchWrite {
  /** The assignment as read: the batch takes the open window's next seqs only if its count and terms are unchanged. */
  assignment: Assignment;
  /** The batch's entries as they become: paid, with ticket numbers and the window's next seqs. */
  paid: readonly Entry[];
  /** The batch's stakes in LRD (the open window's value grows by it). */
  valueLrdCents: number;
  /** The window's Merkle frontier after the batch's leaves. */
  frontier?: MerkleFrontier;
  /** The paid-entries counters' updates (functions/modules/ledger/store/counters.ts). */
  counters: readonly TransactItem[];
  /** The partner's and announcers' shares: one ledger line per payee, listing the batch's entries. */
  shares: readonly BalanceChange[];
  /** Each entry's stake line for the regulator's reports, booked together in one game-ledger item. */
  stakes: readonly GameLedgerLine[];
  /** The batch's ticket SMS, owed with their tickets (functions/modules/messages/owed-batches.ts owedInTransaction). */
  ticketSms: TransactItem;
  now: Date;
}

/** Why a batch did not commit: the settler re-reads, drops what is gone, or ends its turn. */
export interface SettlementRefusal {
  committed: false;
  /** Entries the transaction may no longer take (no longer pending: paid by another settler, or failed). */
  gone: string[];
  /** The window is not as read (another settler's batch or a draw): read it again. */
  windowMoved: boolean;
  /** Another transaction held an item (DynamoDB cancels rather than waits). */
  busy: boolean;
}

/** What each item of a batch transaction stands for, to tell why it was cancelled. */
type ItemRole = { role: 'entry'; entryId: string } | { role: 'window' } | { role: 'other' };

/**
 * Settle one batch in ONE transaction (DESIGN section 4): every entry paid
 * with its ticket (its number reserved before: ./tickets.ts) and seq, the batch's run of seq items, the window's count, frontier and value, the
 * counters, each payee's shares with one ledger line, the entries' stake lines
 * in one game-ledger item, the batch's ticket SMS.
 */
export async function commitSettlementBatch(
  batch: SettlementBatchWrite,
): Promise<{ committed: true } | SettlementRefusal> {
  const { assignment, paid, now } = batch;
  const items: Array<[TransactItem, ItemRole]> = [];
  // each ticket number was reserved before (./tickets.ts): the entry takes it here, only while pending
  for (const entry of paid) items.push([entryPaid(entry), { role: 'entry', entryId: entry.id }]);
  // the batch's seqs in one run item (two where they cross a partition), not an item per entry
  const seqs = paid.map((entry) => ({
    seq: entry.seq!,
    entryId: entry.id,
    ticketNumber: entry.ticketNumber!,
    msisdn: entry.msisdn,
  }));
  for (const run of windowRunPuts(assignment.id, assignment.windowNo, seqs, { once: true }))
    items.push([run, { role: 'window' }]);
  items.push([
    windowUpdate(assignment, paid.length, batch.valueLrdCents, now.toISOString(), batch.frontier),
    { role: 'window' },
  ]);
  for (const item of batch.counters) items.push([item, { role: 'other' }]);
  for (const item of balanceChanges(batch.shares, now)) items.push([item, { role: 'other' }]);
  items.push([gameLedgerStakesPut(batch.stakes), { role: 'other' }]);
  items.push([batch.ticketSms, { role: 'other' }]);

  const outcome = await commitLabelled(items);
  if (outcome.committed) return { committed: true };
  if (outcome.busy) return { committed: false, gone: [], windowMoved: false, busy: true };
  const failed = outcome.failed;
  return {
    committed: false,
    gone: failed.flatMap((r) => (r.role === 'entry' ? [r.entryId] : [])),
    windowMoved: failed.some((r) => r.role === 'window'),
    busy: false,
  };
}

/** An entry paid with its (reserved) ticket number, seq and ticket SMS's id. */
function entryPaid(paid: Entry): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.entry(paid.id),
      UpdateExpression:
        'SET #status = :paid, paidAt = :at, ticketNumber = :ticket, windowNo = :window, seq = :seq, smsId = :sms',
      // no double settle: only a pending entry becomes paid
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':paid': 'paid',
        ':pending': 'pending',
        ':at': paid.paidAt,
        ':ticket': paid.ticketNumber,
        ':window': paid.windowNo,
        ':seq': paid.seq,
        ':sms': paid.smsId,
      },
    },
  };
}

/** The window takes `count` entries paid at `paidAt`: its count moves from the count read to count + `count`. */
function windowUpdate(
  assignment: Assignment,
  count: number,
  valueLrdCents: number,
  paidAt: string,
  frontier?: MerkleFrontier,
): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.assignment(assignment.id),
      // windowValueLrdCents: the open window's stakes (the jackpot prize grows with them; a draw resets it)
      UpdateExpression:
        `SET windowCount = :count, lastPaidAt = :at${frontier ? ', windowFrontier = :frontier' : ''} ` +
        'ADD paidEntries :added, windowValueLrdCents :value',
      // dense sequence numbers in the OPEN window: nobody took these seqs, no draw closed the window;
      // and the terms the shares were split by are still the assignment's
      ConditionExpression: 'windowNo = :window AND windowCount = :previous AND updatedAt = :terms',
      ExpressionAttributeValues: {
        ':terms': assignment.updatedAt,
        ':count': assignment.windowCount + count,
        ':at': paidAt,
        ':added': count,
        ':value': valueLrdCents,
        ':window': assignment.windowNo,
        ':previous': assignment.windowCount,
        ...(frontier ? { ':frontier': frontier } : {}),
      },
    },
  };
}
