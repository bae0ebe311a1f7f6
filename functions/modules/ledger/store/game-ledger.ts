import { messages } from '@shared/messages';
import {
  daysBetween,
  gameLedgerLineId,
  gameLedgerPart,
  PRIZE_PART,
  STAKE_PARTS,
  type GameLedgerLine,
} from '../game-ledger-rules';
import { queryAll, queryPages, tableName, type TransactItem } from '../../../platform/dynamo';
import { refuseInvalid } from '../../../platform/refusal';
import { keys, withoutKeys } from '../../../platform/store/keys';
import { isStakesItem, stakeLinesOf } from './stake-batches';

/**
 * The game ledger's items (functions/modules/ledger/game-ledger-rules.ts):
 *
 *   GAMELEDGER#<day>#s<n>    / <iso>#stakes#<first entryId>   a settlement batch's stakes (./stake-batches.ts)
 *   GAMELEDGER#<day>#s<n>    / <iso>#stake#<entryId>          a stake alone (a late payment's; earlier, every stake)
 *   GAMELEDGER#<day>#s<n>    / <iso>#stake-refunded#<entryId> a stake refunded (negative)
 *   GAMELEDGER#<day>#prizes  / <iso>#prize-awarded#<drawId>   a draw's prize (owed)
 *   GAMELEDGER#<day>#prizes  / <iso>#prize-paid#<drawId>      that prize paid
 *   GAMELEDGER#<day>#prizes  / <iso>#prize-voided#<drawId>    that prize voided for cause (negative)
 *
 * Append-only: each is put once, in the transaction of its event, never
 * overwritten, and IAM denies updating or deleting them by partition key
 * (infra/constructs/table-grants.ts, APPEND_ONLY_PARTITIONS). Read as
 * lines, a batch's item as the lines it holds: a partition's lines in order
 * of their ids, as they were when each stake was an item of its own.
 */

const itemOf = (line: GameLedgerLine) => ({
  ...keys.gameLedgerLine(line.at.slice(0, 10), gameLedgerPart(line), gameLedgerLineId(line)),
  entity: 'gameLedger',
  id: gameLedgerLineId(line),
  ...line,
});

/** The Put of one game-ledger line, for the transaction of the event it books. */
export function gameLedgerPut(line: GameLedgerLine): TransactItem {
  if (!Number.isSafeInteger(line.amountCents) || !Number.isSafeInteger(line.valueLrdCents)) {
    throw new Error(`a game-ledger line is a whole number of cents: ${line.amountCents}`);
  }
  // a ledger line is written once: the same event booked twice fails its transaction
  return { Put: { TableName: tableName(), Item: itemOf(line), ConditionExpression: 'attribute_not_exists(pk)' } };
}

export interface StoredGameLedgerLine extends GameLedgerLine {
  /** The line's id (its sort key): `<at>#<kind>#<ref>`. */
  id: string;
}

/** A stored item's lines: a batch's stakes, or the one line it is. */
const linesOfItem = (item: Record<string, unknown>): StoredGameLedgerLine[] =>
  isStakesItem(item) ? stakeLinesOf(item) : [withoutKeys<StoredGameLedgerLine>(item)];

const byId = (a: StoredGameLedgerLine, b: StoredGameLedgerLine) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * A partition's items (in sort-key order) as its lines in id order. An item's sort key begins with its lines'
 * time, as their ids do, so only the lines of one millisecond are gathered and sorted before they are handed on.
 */
async function* linesInOrder(
  pages: AsyncIterable<ReadonlyArray<Record<string, unknown>>>,
): AsyncGenerator<StoredGameLedgerLine> {
  let sameTime: StoredGameLedgerLine[] = [];
  for await (const page of pages) {
    for (const item of page) {
      const lines = linesOfItem(item);
      if (sameTime.length > 0 && sameTime[0]!.at !== lines[0]?.at) {
        yield* sameTime.sort(byId);
        sameTime = [];
      }
      sameTime.push(...lines);
    }
  }
  yield* sameTime.sort(byId);
}

/** One query per GMT day and part of [fromIso, toIso): the partitions a period's lines live in. */
function segmentsOf(fromIso: string, toIso: string, parts: readonly string[]): string[] {
  return daysBetween(fromIso, toIso).flatMap((day) => parts.map((part) => keys.gameLedgerPartition(day, part)));
}

/** Every line of [fromIso, toIso) (GMT midnights): a handful of queries per day, no scan. */
export async function gameLedgerLinesBetween(fromIso: string, toIso: string): Promise<StoredGameLedgerLine[]> {
  const segments = segmentsOf(fromIso, toIso, [...STAKE_PARTS, PRIZE_PART]);
  const lines: StoredGameLedgerLine[] = [];
  // a few at a time: a month is 31 days × (the stake parts and the prizes) small queries
  for (let i = 0; i < segments.length; i += 10) {
    const pages = await Promise.all(
      segments.slice(i, i + 10).map((pk) =>
        queryAll({
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': pk },
          ConsistentRead: true,
        }),
      ),
    );
    for (const items of pages) lines.push(...items.flatMap(linesOfItem).sort(byId));
  }
  return lines;
}

/** The prize lines of [fromIso, toIso): one partition a day. */
export async function prizeLinesBetween(fromIso: string, toIso: string): Promise<StoredGameLedgerLine[]> {
  const lines: StoredGameLedgerLine[] = [];
  for (const pk of segmentsOf(fromIso, toIso, [PRIZE_PART])) {
    const items = await queryAll({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ConsistentRead: true,
    });
    for (const item of items) lines.push(withoutKeys<StoredGameLedgerLine>(item));
  }
  return lines;
}

/** `2026-11-25T10:00:00.000Z`: the time a line id begins with. */
const ISO_LENGTH = 24;
const LINE_ID = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z#stake(?:-refunded)?#[\w-]{1,64}$/;

interface Cursor {
  /** Index of the partition being read. */
  s: number;
  /** The last line id returned from it. */
  after: string;
}

function readCursor(cursor: string | undefined, segments: number): Cursor | undefined {
  if (cursor === undefined) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Cursor;
    if (
      Number.isInteger(parsed.s) &&
      parsed.s >= 0 &&
      parsed.s < segments &&
      typeof parsed.after === 'string' &&
      LINE_ID.test(parsed.after)
    )
      return parsed;
  } catch {
    // falls through to the 400
  }
  throw refuseInvalid(messages.refusals.invalidCursor);
}

const writeCursor = (cursor: Cursor): string => Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');

/**
 * Up to `limit` stake lines of [fromIso, toIso) that `keep` accepts, partition
 * after partition (day by day, then by part), each in id order; `cursor` is the
 * opaque value a previous page returned (null: no more), naming the last line
 * given: the next page reads on from that line's time and skips the lines up
 * to it, so a page may end inside a batch's item. A page reads only its
 * partitions' stake lines, never other items.
 */
export async function stakeLinesPage(
  range: { fromIso: string; toIso: string },
  keep: (line: GameLedgerLine) => boolean,
  limit: number,
  cursor?: string,
): Promise<{ items: StoredGameLedgerLine[]; cursor: string | null }> {
  const segments = segmentsOf(range.fromIso, range.toIso, STAKE_PARTS);
  const start = readCursor(cursor, Math.max(segments.length, 1));
  const items: StoredGameLedgerLine[] = [];
  let lastSegment = 0;
  for (let s = start?.s ?? 0; s < segments.length; s += 1) {
    const after = start && start.s === s ? start.after : undefined;
    // every item of the last line's millisecond (a sort key `<at>#…` follows `<at>`): that line may share one
    const from = after?.slice(0, ISO_LENGTH);
    const pages = queryPages(
      {
        KeyConditionExpression: from ? 'pk = :pk AND sk > :from' : 'pk = :pk',
        ExpressionAttributeValues: { ':pk': segments[s]!, ...(from ? { ':from': from } : {}) },
        ConsistentRead: true,
      },
      () => Math.max(limit - items.length + 1, 10),
    );
    for await (const line of linesInOrder(pages)) {
      if ((after !== undefined && line.id <= after) || !keep(line)) continue;
      if (items.length === limit)
        return { items, cursor: writeCursor({ s: lastSegment, after: items[items.length - 1]!.id }) };
      items.push(line);
      lastSegment = s;
    }
  }
  return { items, cursor: null };
}
