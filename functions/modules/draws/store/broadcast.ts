import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { commitAll, db, tableName } from '../../../platform/dynamo';
import { keys, withoutKeys } from '../../../platform/store/keys';
import { drawCodeAnnouncedPut } from '../../draw-records';
import type { GameKind } from '@shared/games';

/**
 * A broadcast close as fixed before its beacon round exists (BROADCAST#<assignmentId> / CLOSE): the
 * announcer's screen reads its step from it after a reload, and its draw code is listed at once, so a
 * listener can check the draw while the round is awaited. Replaced by the assignment's next broadcast.
 */
export interface BroadcastClose {
  assignmentId: string;
  windowNo: number;
  drawId: string;
  game: GameKind;
  title: string;
  entryCount: number;
  firstSeq: number;
  /** The stakes of the window's entries when it closed (LRD cents). */
  stakeLrdCents: number;
  merkleRoot: string;
  round: number;
  roundAt: string;
  closedAt: string;
  drawCode: string;
  startedAt: string;
}

export async function putBroadcastClose(close: BroadcastClose): Promise<void> {
  await commitAll([
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.broadcastClose(close.assignmentId), entity: 'broadcast', ...close },
      },
    },
    drawCodeAnnouncedPut({
      code: close.drawCode,
      drawId: close.drawId,
      assignmentId: close.assignmentId,
      windowNo: close.windowNo,
      game: close.game,
      title: close.title,
      entryCount: close.entryCount,
      firstSeq: close.firstSeq,
      closedAt: close.closedAt,
      roundAt: close.roundAt,
    }),
  ]);
}

export async function getBroadcastClose(assignmentId: string): Promise<BroadcastClose | undefined> {
  const result = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.broadcastClose(assignmentId), ConsistentRead: true }),
  );
  return result.Item ? withoutKeys<BroadcastClose>(result.Item) : undefined;
}
