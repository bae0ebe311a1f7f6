import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, type TransactItem } from '../../../platform/dynamo';
import { keys, withoutKeys } from '../../../platform/store/keys';
import type { GameKind } from '@shared/games';
import type { DrawRecord } from './draw-records';

/**
 * A draw code (shared/fairness/draw-code.ts) listed under the draw it names (DRAWCODE#<code> / <drawId>):
 * written when a broadcast close fixes it, before its round exists (listeners may check the draw then),
 * and again by the draw's own transaction. Codes are 30 bits: two draws may share one, the newest answers.
 */
export interface DrawCodeItem {
  code: string;
  drawId: string;
  assignmentId: string;
  windowNo: number;
  game: GameKind;
  title: string;
  entryCount: number;
  firstSeq: number;
  closedAt: string;
  /** When the round that decides the winner is published. */
  roundAt?: string;
  /** Set by the draw's transaction: the record exists. */
  drawnAt?: string;
}

const put = (item: DrawCodeItem): TransactItem => ({
  Put: { TableName: tableName(), Item: { ...keys.drawCode(item.code, item.drawId), entity: 'draw-code', ...item } },
});

/** The code a broadcast close is fixed to, listed before the round exists. */
export const drawCodeAnnouncedPut = (item: Omit<DrawCodeItem, 'drawnAt'>): TransactItem => put(item);

/** The code of a drawn record, listed in the draw's own transaction. */
export function drawCodePut(record: DrawRecord): TransactItem {
  if (!record.drawCode) throw new Error(`draw ${record.id} has no code`);
  return put({
    code: record.drawCode,
    drawId: record.id,
    assignmentId: record.assignmentId,
    windowNo: record.windowNo,
    game: record.game,
    title: record.promotionTitle,
    entryCount: record.entryCount,
    firstSeq: record.firstSeq,
    closedAt: record.closedAt ?? record.drawnAt,
    drawnAt: record.drawnAt,
  });
}

/** Every draw listed under a code, newest close first (nearly always one). */
export async function drawCodeItems(code: string): Promise<DrawCodeItem[]> {
  const result = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.drawCode(code, '').pk },
      ConsistentRead: true,
    }),
  );
  return (result.Items ?? [])
    .map((item) => withoutKeys<DrawCodeItem>(item))
    .sort((a, b) => b.closedAt.localeCompare(a.closedAt));
}
