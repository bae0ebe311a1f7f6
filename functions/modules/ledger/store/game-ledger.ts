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

/**
 * The game ledger's items (functions/modules/ledger/game-ledger-rules.ts):
 *
 *   GAMELEDGER#<day>#s<0..3> / <iso>#stake#<entryId>          a paid entry's stake
 *   GAMELEDGER#<day>#prizes  / <iso>#prize-awarded#<drawId>   a draw's prize (owed)
 *   GAMELEDGER#<day>#prizes  / <iso>#prize-paid#<drawId>      that prize paid
 *   GAMELEDGER#<day>#prizes  / <iso>#prize-voided#<drawId>    that prize voided for cause (negative)
 *
 * Append-only: each is put once, in the transaction of its event, never
 * overwritten, and IAM denies updating or deleting them by partition key
 * (infra/constructs/domain-function.ts, APPEND_ONLY_PARTITIONS).
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
    for (const items of pages) for (const item of items) lines.push(withoutKeys<StoredGameLedgerLine>(item));
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
 * after partition (day by day, then by part); `cursor` is the opaque value a
 * previous page returned (null: no more). A page reads only its partitions'
 * stake lines, never other items.
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
    const pages = queryPages(
      {
        KeyConditionExpression: after ? 'pk = :pk AND sk > :after' : 'pk = :pk',
        ExpressionAttributeValues: { ':pk': segments[s]!, ...(after ? { ':after': after } : {}) },
        ConsistentRead: true,
      },
      () => Math.max(limit - items.length + 1, 10),
    );
    for await (const page of pages) {
      for (const item of page) {
        const line = withoutKeys<StoredGameLedgerLine>(item);
        if (!keep(line)) continue;
        if (items.length === limit)
          return { items, cursor: writeCursor({ s: lastSegment, after: items[items.length - 1]!.id }) };
        items.push(line);
        lastSegment = s;
      }
    }
  }
  return { items, cursor: null };
}
