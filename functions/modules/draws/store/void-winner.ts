import type { VoidReason } from '@shared/redraw';
import { commitLabelled, tableName, type TransactItem } from '../../../platform/dynamo';
import { keys } from '../../../platform/store/keys';
import { auditWrite, type AuditEntry } from '../../audit';
import { drawCodePut, drawRecordPut, type DrawRecord } from '../../draw-records';
import { gameLedgerPut, prizeLine } from '../../ledger';
import { winningEntryUpdate } from './draws';

/** Why a void did not commit: the voided draw changed since it was read (voided, paid, payout started), or a write raced it. */
export type VoidFailure = 'changed' | 'busy';

export interface VoidWrite {
  /** The draw as read: the void is conditioned on its winner and payout state being still that. */
  voided: DrawRecord;
  reason: VoidReason;
  /** The redraw's record (its winner, its prize pending payout). */
  redraw: DrawRecord;
  audit: AuditEntry;
  now: Date;
}

/**
 * The void and its redraw in ONE transaction (issue 36 part 1): the voided record marked (out of the payout
 * and held queues, so no payout starts after it), its entry's win taken back, the redraw's record and code,
 * its winning entry marked won, the ledger's two lines (the voided award undone, the redraw's award) and the
 * audit line. Of concurrent voids of one winner exactly one commits: each is conditioned on the draw not
 * being voided and on its payout state as read, and they would put the same redraw id.
 */
export async function commitVoid(
  write: VoidWrite,
): Promise<{ committed: true } | { committed: false; failure: VoidFailure }> {
  const { voided, redraw, now } = write;
  const at = now.toISOString();
  const prize = voided.prizeLrdCents!;
  const items: Array<[TransactItem, VoidFailure | 'bug']> = [
    [voidedDrawUpdate(voided, write.reason, write.audit.actorId, redraw.id, at), 'changed'],
    [voidedEntryUpdate(voided, at), 'changed'],
    [drawRecordPut(redraw), 'changed'],
    [
      winningEntryUpdate(
        { entryId: redraw.winnerEntryId!, windowNo: redraw.windowNo, seq: redraw.winningSeq! },
        redraw.id,
        prize,
        at,
      ),
      'changed',
    ],
    [gameLedgerPut(prizeLine('prize-voided', { ...voided, prizeLrdCents: prize }, at)), 'changed'],
    [gameLedgerPut(prizeLine('prize-awarded', { ...redraw, prizeLrdCents: prize }, at)), 'changed'],
    [auditWrite(write.audit, now), 'bug'],
  ];
  if (redraw.drawCode) items.push([drawCodePut(redraw), 'bug']);
  const outcome = await commitLabelled(items);
  if (outcome.committed) return { committed: true };
  if (outcome.busy) return { committed: false, failure: 'busy' };
  if (outcome.failed.includes('bug')) throw new Error(`void of ${voided.id}: a write that cannot fail did`);
  return { committed: false, failure: 'changed' };
}

/**
 * The voided record: marked, its payout status 'voided', out of the PRIZEPAYOUT/PRIZEHELD queues; only while
 * not voided, with the winner and payout (attempt and status) read: a payout started or settled meanwhile fails it.
 */
function voidedDrawUpdate(
  draw: DrawRecord,
  reason: VoidReason,
  by: string,
  redrawId: string,
  at: string,
): TransactItem {
  const payout = draw.payoutId
    ? 'payoutId = :payout AND payoutStatus = :status'
    : 'attribute_not_exists(payoutId) AND payoutStatus = :status';
  return {
    Update: {
      TableName: tableName(),
      Key: keys.draw(draw.id),
      UpdateExpression: 'SET voided = :voided, payoutStatus = :void REMOVE gsi2pk, gsi2sk',
      ConditionExpression: `attribute_not_exists(voided) AND winnerEntryId = :entry AND ${payout}`,
      ExpressionAttributeValues: {
        ':voided': { reason, at, by, redrawId },
        ':void': 'voided',
        ':entry': draw.winnerEntryId,
        ':status': draw.payoutStatus,
        ...(draw.payoutId ? { ':payout': draw.payoutId } : {}),
      },
    },
  };
}

/** The voided ticket won nothing after all (its ticket check and My tickets show no prize); kept: which draw voided it. */
function voidedEntryUpdate(draw: DrawRecord, at: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.entry(draw.winnerEntryId!),
      UpdateExpression: 'SET winVoidedAt = :at REMOVE wonAt, prizeLrdCents',
      ConditionExpression: 'drawId = :draw AND attribute_exists(wonAt)',
      ExpressionAttributeValues: { ':at': at, ':draw': draw.id },
    },
  };
}
