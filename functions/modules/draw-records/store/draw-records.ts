import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DrawMethod } from '@shared/fairness/draw-method';
import type { DrawBeacon } from '@shared/fairness/beacon';
import { batchGetAll, db, queryPages, tableName, type TransactItem } from '../../../platform/dynamo';
import type { ClearMode } from '../../catalog';
import type { GameKind } from '@shared/games';
import type { VoidReason } from '@shared/redraw';
import { keys, withoutKeys } from '../../../platform/store/keys';

/**
 * Draw records (the contract in keys.ts): one per closed draw
 * window, whatever closed it — a threshold draw, a scheduled house draw or a
 * clear. Written once in the draw's transaction and never rewritten by draws;
 * the payouts move `payoutStatus` on the ones with a winner.
 */
export type DrawKind = 'threshold' | 'house' | 'cleared';

export interface DrawRecord {
  id: string;
  assignmentId: string;
  promotionId: string;
  partnerId: string;
  /** The promotion's title when drawn (the record stays as it was drawn). */
  promotionTitle: string;
  game: GameKind;
  kind: DrawKind;
  windowNo: number;
  /** Lowercase hex SHA-256 of the seed, shown while the window was open. */
  commitment: string;
  /** The window's seed, revealed by the draw (hex). */
  seed: string;
  /** Paid entries in the window when it closed. */
  windowCount: number;
  /** Entries the winner was drawn among: seqs firstSeq .. firstSeq + entryCount - 1. */
  entryCount: number;
  /** 1, unless a late house draw left out tickets whose draw day had passed. */
  firstSeq: number;
  /**
   * The last seq drawn among (house draws from the late-ticket rule on): tickets paid after the draw
   * moment (seqs lastSeq+1..windowCount) are in the next draw. Absent: firstSeq + entryCount - 1.
   */
  lastSeq?: number;
  /**
   * The published method (shared/fairness/draw-method.ts); absent on draws made before
   * 'commit-merkle-beacon-1', which used 'commit-reveal-1'.
   */
  method?: DrawMethod;
  /** When the window opened, its commitment public from then (the seed's creation). */
  openedAt?: string;
  /** When the window stopped taking entries (the beacon round is the first after it). */
  closedAt?: string;
  /** Merkle root of the window's entries 1..windowCount (RFC 9162; shared/fairness/merkle.ts). */
  merkleRoot?: string;
  /** The public randomness the winner was drawn with (none when no winner was drawn). */
  beacon?: DrawBeacon;
  /** Six characters from the Merkle root and the beacon round (shared/fairness/draw-code.ts): read on air, looked up by listeners. */
  drawCode?: string;
  winningSeq?: number;
  winnerEntryId?: string;
  winnerMsisdn?: string;
  winnerTicket?: string;
  prizeLrdCents?: number;
  /** House draws: the GMT draw day this draw is for. */
  drawDay?: string;
  /** A clear: whether its entries were carried into the next window or refunded. */
  clearMode?: ClearMode;
  drawnAt: string;
  /** The staff user who drew or cleared it, or 'scheduler'. */
  drawnBy: string;
  /**
   * held: it could not be paid (no wallet, number not active) and waits to be claimed until claimDeadline; unclaimed: the deadline
   * passed; voided: its winner was voided for cause (`voided`), the prize is its redraw's.
   */
  payoutStatus?: 'pending' | 'paid' | 'failed' | 'held' | 'unclaimed' | 'voided';
  payoutReason?: string;
  payoutId?: string;
  /** A held prize: the last moment it can be claimed (ISO). */
  claimDeadline?: string;
  /** A held prize claimed: the number it is paid to, after an identity check (the winner's own is not payable). */
  claimMsisdn?: string;
  /** A held prize: the winner's identity check the support desk recorded, naming the corrected number to pay. */
  claimCheck?: ClaimCheck;
  /** When a held prize moved to the unclaimed-prizes balance. */
  unclaimedAt?: string;
  /** Its winner voided for cause by a super admin (functions/modules/draws/void-winner.ts): the record stays public. */
  voided?: { reason: VoidReason; at: string; by: string; redrawId: string };
  /** A redraw: the voided draw it replaces, and why. */
  redrawOf?: { drawId: string; reason: VoidReason };
  /** A redraw: the voided winners' seqs the pick passed over (shared/fairness/draw-method.ts step 5). */
  excludedSeqs?: number[];
}

/** An identity check recorded at the support desk on a held prize (issue 36 part 4). */
export interface ClaimCheck {
  /** What was seen, by whom. */
  check: string;
  /** The winner's own number, corrected (normalised 231XXXXXXXXX): the number the claim pays. */
  payTo: string;
  notes?: string;
  /** The staff user who recorded it. */
  by: string;
  at: string;
}

/** The Put of a draw record: listed in DRAWS, and in PRIZEPAYOUT while its prize is unpaid. */
export function drawRecordPut(record: DrawRecord): TransactItem {
  const sort = `${record.drawnAt}#${record.id}`;
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.draw(record.id),
        entity: 'draw',
        ...record,
        gsi1pk: keys.drawsIndex,
        gsi1sk: sort,
        ...(record.payoutStatus === 'pending' ? { gsi2pk: keys.prizePayoutsPending, gsi2sk: sort } : {}),
      },
      // one record per window: its id is the window's
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export async function getDraw(drawId: string): Promise<DrawRecord | undefined> {
  const result = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.draw(drawId), ConsistentRead: true }),
  );
  return result.Item ? toDrawRecord(result.Item) : undefined;
}

/** Several draws by id in one batched read (those that exist). */
export async function getDraws(drawIds: readonly string[]): Promise<DrawRecord[]> {
  const found = await batchGetAll(drawIds.map(keys.draw), { consistent: true });
  return [...found.values()].map(toDrawRecord);
}

/** The newest draws first (the DRAWS index; never a scan); `winnersOnly` skips draws without a winner. */
export async function recentDraws(limit: number, options: { winnersOnly?: boolean } = {}): Promise<DrawRecord[]> {
  const found: DrawRecord[] = [];
  const pages = queryPages(
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ...(options.winnersOnly ? { FilterExpression: 'attribute_exists(winnerEntryId)' } : {}),
      ExpressionAttributeValues: { ':pk': keys.drawsIndex },
      ScanIndexForward: false,
    },
    // a little over what is still missing: the filter may drop some (a public path: fewer round trips)
    () => Math.min(1000, limit - found.length + 20),
  );
  for await (const page of pages) {
    for (const item of page) if (found.length < limit) found.push(toDrawRecord(item));
    if (found.length >= limit) break;
  }
  return found;
}

/**
 * A house game's newest draws, newest first (the DRAWS index all games share, filtered; never a scan): at
 * most `limit`, from at most `readAtMost` of the newest draws of every game, so a quiet game costs a bounded read.
 */
export async function recentHouseDraws(game: GameKind, limit: number, readAtMost: number): Promise<DrawRecord[]> {
  const found: DrawRecord[] = [];
  let read = 0;
  let asked = 0;
  const pages = queryPages(
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      FilterExpression: '#game = :game AND #kind = :house',
      ExpressionAttributeNames: { '#game': 'game', '#kind': 'kind' },
      ExpressionAttributeValues: { ':pk': keys.drawsIndex, ':game': game, ':house': 'house' },
      ScanIndexForward: false,
    },
    // a page's Limit counts the draws read, before the filter
    () => {
      asked = Math.max(1, Math.min(100, readAtMost - read));
      return asked;
    },
  );
  for await (const page of pages) {
    read += asked;
    for (const item of page) if (found.length < limit) found.push(toDrawRecord(item));
    if (found.length >= limit || read >= readAtMost) break;
  }
  return found;
}

export function toDrawRecord(item: Record<string, unknown>): DrawRecord {
  return withoutKeys<DrawRecord>(item);
}
