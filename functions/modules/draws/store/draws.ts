import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, type TransactItem } from '../../../platform/dynamo';
import type { ClearMode, ClearPending } from '../../catalog';
import type { MerkleFrontier } from '@shared/fairness/merkle';
import { keys } from '../../../platform/store/keys';

/**
 * A house draw's late tail (functions/modules/draws/late-tail.ts): the entries paid after the draw moment,
 * seqs fromSeq..fromSeq+count-1 of the closing window, open the next window renumbered 1..count.
 */
export interface LateTail {
  fromSeq: number;
  count: number;
  /** The Merkle frontier of the renumbered leaves. */
  frontier: MerkleFrontier;
  /** Their stakes' value, LRD cents (the jackpot grows with the next window's). */
  valueLrdCents: number;
}

/** The pending move of a closed window's late tail (finished by functions/modules/draws/late-tail.ts finishLateTail). */
export const latePending = (windowNo: number, tail: LateTail): ClearPending => ({
  windowNo,
  mode: 'late',
  count: tail.count,
  fromSeq: tail.fromSeq,
});

export interface WindowClose {
  assignmentId: string;
  /** The window as read: it closes only if it is still that window with that many entries. */
  windowNo: number;
  windowCount: number;
  nextCommitment: string;
  openedAt: string;
  /** Threshold and house draws set the day of the last draw; a clear does not. */
  lastDrawDay?: string;
  /** A clear: its entries are carried (the next window opens holding them at seqs 1..count) or refunded. */
  clear?: ClearMode;
  /** A house draw that left tickets paid after its moment for the next draw. */
  tail?: LateTail;
}

/**
 * The Update that closes a window and opens the next, with its commitment. A carrying clear opens it
 * holding the cleared entries at the same seqs 1..count: the same leaves, so the Merkle frontier (and the
 * stakes' value) stay as they are, and its draw covers them (DESIGN section 4 "Clear draw"). A late tail
 * opens it holding the tail renumbered 1..count, with its own frontier and value; either way `clearPending`
 * stays until the entries are moved (modules/draws/store/draw-clearing.ts).
 */
export function windowCloseUpdate(close: WindowClose): TransactItem {
  const carry = close.clear === 'carry';
  const { tail } = close;
  const pending: ClearPending | undefined = carry
    ? { windowNo: close.windowNo, mode: 'carry', count: close.windowCount }
    : tail
      ? latePending(close.windowNo, tail)
      : undefined;
  const opens = carry
    ? ''
    : tail
      ? ', windowCount = :tailCount, windowValueLrdCents = :tailValue, windowFrontier = :frontier'
      : ', windowCount = :zero, windowValueLrdCents = :zero';
  return {
    Update: {
      TableName: tableName(),
      Key: keys.assignment(close.assignmentId),
      UpdateExpression:
        'SET windowNo = :next, windowCommitment = :commitment, windowOpenedAt = :at' +
        opens +
        (close.lastDrawDay ? ', lastDrawDay = :day' : '') +
        (pending ? ', clearPending = :pending' : '') +
        // the new window starts an empty Merkle tree, unless it carries entries
        (carry || tail ? '' : ' REMOVE windowFrontier'),
      // exactly one close per window, and only of the entries read: no entry joined since, no other draw closed it;
      // and no clear or late tail still moving the entries of the window before
      ConditionExpression: 'windowNo = :window AND windowCount = :count AND attribute_not_exists(clearPending)',
      ExpressionAttributeValues: {
        ':next': close.windowNo + 1,
        ':commitment': close.nextCommitment,
        ':at': close.openedAt,
        ':window': close.windowNo,
        ':count': close.windowCount,
        ...(carry || tail ? {} : { ':zero': 0 }),
        ...(tail ? { ':tailCount': tail.count, ':tailValue': tail.valueLrdCents, ':frontier': tail.frontier } : {}),
        ...(close.lastDrawDay ? { ':day': close.lastDrawDay } : {}),
        ...(pending ? { ':pending': pending } : {}),
      },
    },
  };
}

/** The Update that marks the winning entry won (ticket verification reads it). */
export function winningEntryUpdate(
  winner: { entryId: string; windowNo: number; seq: number },
  drawId: string,
  prizeLrdCents: number,
  wonAt: string,
): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.entry(winner.entryId),
      UpdateExpression: 'SET wonAt = :at, prizeLrdCents = :prize, drawId = :draw',
      // the paid entry holding this seq of this window, never won before
      ConditionExpression: '#status = :paid AND windowNo = :window AND seq = :seq AND attribute_not_exists(wonAt)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':at': wonAt,
        ':prize': prizeLrdCents,
        ':draw': drawId,
        ':paid': 'paid',
        ':window': winner.windowNo,
        ':seq': winner.seq,
      },
    },
  };
}

/** The Put of a house draw's day marker: a house game is drawn at most once per draw day. */
export function houseDrawMarkerPut(game: string, drawDay: string, drawId: string, at: string): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.houseDrawMarker(game, drawDay), entity: 'houseDrawMarker', game, drawDay, drawId, at },
      // once per game and draw day, however many schedulers race or catch up
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export async function houseDrawMarkerExists(game: string, drawDay: string): Promise<boolean> {
  const result = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.houseDrawMarker(game, drawDay),
      ConsistentRead: true,
      ProjectionExpression: 'pk',
    }),
  );
  return result.Item !== undefined;
}

/** A ConditionCheck that the announcer is still checked in and still the partner's (spec section 5). */
export function announcerOnDutyCheck(announcerId: string, partnerId: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: keys.user(announcerId),
      // an announcer draws only for its own partner and only while checked in
      ConditionExpression: '#role = :announcer AND partnerId = :partner AND attribute_exists(lastCheckIn)',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':announcer': 'announcer', ':partner': partnerId },
    },
  };
}
