import type { Currency } from '../../shared/money';
import { badRequest } from '../lib/errors';
import { queryPages } from '../lib/dynamo';
import type { Entry } from './entries';
import { keys, withoutKeys } from './keys';

/**
 * The stakes behind a report's figure, line by line (the regulator's
 * drill-down): paid entries by the paid-stakes index, one partition per
 * assignment and GMT month (keys.paidEntries), sorted by payment time. A page
 * reads only the entries it returns (and those of the other currency it
 * skips), never the rest of the table.
 */
export interface StakeSegment {
  assignmentId: string;
  month: string;
}

export interface StakeLine {
  entryId: string;
  assignmentId: string;
  promotionId: string;
  partnerId: string;
  game: Entry['game'];
  currency: Currency;
  amountCents: number;
  paidAt: string;
  msisdn: string;
}

const SORT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z#[\w-]{1,64}$/;

interface Cursor {
  /** Index of the segment being read. */
  s: number;
  /** The last sort key returned from it. */
  after: string;
}

function readCursor(cursor: string | undefined, segments: number): Cursor | undefined {
  if (cursor === undefined) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Cursor;
    if (Number.isInteger(parsed.s) && parsed.s >= 0 && parsed.s < segments && typeof parsed.after === 'string' && SORT.test(parsed.after)) return parsed;
  } catch {
    // falls through to the 400
  }
  throw badRequest('Invalid cursor.');
}

const writeCursor = (cursor: Cursor): string => Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');

/**
 * Up to `limit` paid entries of `currency` in the segments' partitions,
 * paid in [fromIso, toIso), segment after segment; `cursor` is the opaque
 * value a previous page returned (null: no more).
 */
export async function paidEntriesPage(
  segments: readonly StakeSegment[],
  range: { fromIso: string; toIso: string },
  currency: Currency,
  limit: number,
  cursor?: string,
): Promise<{ items: StakeLine[]; cursor: string | null }> {
  const start = readCursor(cursor, Math.max(segments.length, 1));
  const items: StakeLine[] = [];
  // the segment of the last line taken: where the next page resumes
  let lastSegment = 0;
  for (let s = start?.s ?? 0; s < segments.length; s += 1) {
    const segment = segments[s]!;
    const after = start && start.s === s ? start.after : undefined;
    const pages = queryPages(
      {
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
        FilterExpression: 'currency = :currency',
        ExpressionAttributeValues: {
          ':pk': keys.paidEntries(segment.assignmentId, segment.month),
          ':from': after ?? range.fromIso,
          // sort keys are `<paidAt>#<id>`: all of a period's sort below its end instant
          ':to': range.toIso,
          ':currency': currency,
        },
      },
      () => limit - items.length + 1,
    );
    for await (const page of pages) {
      for (const item of page) {
        const sort = item.gsi1sk as string;
        if (after !== undefined && sort <= after) continue;
        if (items.length === limit) return { items, cursor: writeCursor({ s: lastSegment, after: sortOf(items[items.length - 1]!) }) };
        items.push(stakeLineOf(item));
        lastSegment = s;
      }
    }
  }
  return { items, cursor: null };
}

const sortOf = (line: StakeLine): string => `${line.paidAt}#${line.entryId}`;

function stakeLineOf(item: Record<string, unknown>): StakeLine {
  const entry = withoutKeys<Entry>(item);
  return {
    entryId: entry.id,
    assignmentId: entry.assignmentId,
    promotionId: entry.promotionId,
    partnerId: entry.partnerId,
    game: entry.game,
    currency: entry.currency,
    amountCents: entry.amountCents,
    paidAt: entry.paidAt!,
    msisdn: entry.msisdn,
  };
}
