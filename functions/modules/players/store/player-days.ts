import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import {
  commitLabelledRetried,
  db,
  isConditionFailure,
  queryPages,
  tableName,
  type TransactItem,
} from '../../../platform/dynamo';
import { keys } from '../../../platform/store/keys';

/**
 * A number's GMT day, one item (PLAYER#<msisdn> / DAY#<day>, DESIGN section
 * 10: an item a day, not a line an entry): the stakes its entries started
 * that day (pending or paid, in LRD cents: the daily spending limit, DESIGN
 * section 7), their ids in the order they were made ("my tickets"), and the
 * times of its newest payment prompts (the per-number prompt limit) — so a
 * new entry's one write to it decides both of its number's limits.
 */

/** "At most 3 pending payment requests per mobile number per 10 minutes" (DESIGN section 7). */
export const PROMPTS_PER_NUMBER = { limit: 3, windowMs: 10 * 60_000 } as const;

/**
 * The day's newest prompts, one attribute each, oldest first (epoch ms; 0 or
 * absent: none): `prompt1` … `prompt3`. Each new prompt moves them down one
 * and takes the last, so the day keeps exactly what the limit needs.
 */
export const PROMPT_SLOTS = Array.from({ length: PROMPTS_PER_NUMBER.limit }, (_, i) => `prompt${i + 1}`);

const gmtDayOf = (at: Date | string): string => (typeof at === 'string' ? at : at.toISOString()).slice(0, 10);

/** The days whose items may hold a prompt of the window before `now`: the day before too in its first 10 minutes. */
export function promptDaysOf(now: Date): { today: string; earlier?: string } {
  const today = gmtDayOf(now);
  const earlier = gmtDayOf(new Date(now.getTime() - PROMPTS_PER_NUMBER.windowMs));
  return earlier === today ? { today } : { today, earlier };
}

/** The prompts a day's item holds within the window before `now`. */
export function promptsInWindow(day: Record<string, unknown> | undefined, now: Date): number {
  const start = now.getTime() - PROMPTS_PER_NUMBER.windowMs;
  return PROMPT_SLOTS.filter((slot) => typeof day?.[slot] === 'number' && (day[slot] as number) > start).length;
}

export type DayRefusal = 'spend' | 'prompts';

/**
 * A new entry's stake added to its number's day, its id to the day's
 * entries and its prompt to the day's newest, before the entry itself is
 * stored (functions/modules/entries/start-entry.ts). The condition is both
 * limits themselves, so two entries at once never both pass a limit only
 * one fits (DESIGN section 7): the spend fits `limitLrdCents`, and of the
 * window's prompts the day holds fewer than the limit leaves after
 * `earlierPrompts` — those of the day before, in a window that began before
 * midnight (a day's first 10 minutes), as just read. Then, so that a request
 * of the day's last instants still writing there cannot pass unseen, the
 * write is a transaction with a check that the day before holds no more than
 * that (twice the write's cost, in those 10 minutes only). Refused: which
 * limit, and nothing was written. Not in one transaction with the entry
 * (that would double both writes' cost): should the entry's own write then
 * be lost, the day counts too much, never too little, and its list names an
 * entry that readers do not find.
 */
export async function addEntryToDay(
  entry: { id: string; msisdn: string; createdAt: string },
  lrdCents: number,
  limitLrdCents: number | undefined,
  earlierPrompts: number,
): Promise<DayRefusal | undefined> {
  const room = PROMPTS_PER_NUMBER.limit - earlierPrompts;
  if (room <= 0) return 'prompts';
  const at = Date.parse(entry.createdAt);
  const update = dayUpdate(entry, lrdCents, limitLrdCents, room);
  const earlierDay = promptDaysOf(new Date(at)).earlier;
  if (earlierDay) return addAcrossMidnight(entry, update, earlierDay, earlierPrompts, room);
  try {
    await db().send(new UpdateCommand({ ...update, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }));
    return undefined;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const item = (error as { Item?: Record<string, AttributeValue> }).Item;
    return refusalOf(item ? unmarshall(item) : undefined, at, room);
  }
}

type DayUpdate = Required<Pick<UpdateCommandInput, 'TableName' | 'Key' | 'UpdateExpression' | 'ConditionExpression'>> &
  Pick<UpdateCommandInput, 'ExpressionAttributeValues'>;

/** The day's write: the stake, the entry's id, the prompt; conditioned on both limits (`room`: prompts it may hold). */
function dayUpdate(
  entry: { id: string; msisdn: string; createdAt: string },
  lrdCents: number,
  limitLrdCents: number | undefined,
  room: number,
): DayUpdate {
  const at = Date.parse(entry.createdAt);
  const moved = PROMPT_SLOTS.map((slot, i) =>
    i < PROMPT_SLOTS.length - 1 ? `${slot} = if_not_exists(${PROMPT_SLOTS[i + 1]}, :none)` : `${slot} = :at`,
  );
  return {
    TableName: tableName(),
    Key: keys.playerDay(entry.msisdn, gmtDayOf(entry.createdAt)),
    UpdateExpression: `ADD spentLrdCents :amount SET entity = :entity, entryIds = list_append(if_not_exists(entryIds, :noIds), :id), ${moved.join(', ')}`,
    ConditionExpression:
      fewerInWindow(room) +
      (limitLrdCents === undefined ? '' : ' AND (attribute_not_exists(spentLrdCents) OR spentLrdCents <= :room)'),
    ExpressionAttributeValues: {
      ':amount': lrdCents,
      ':entity': 'player-day',
      ':noIds': [],
      ':id': [entry.id],
      ':none': 0,
      ':at': at,
      ':start': at - PROMPTS_PER_NUMBER.windowMs,
      ...(limitLrdCents === undefined ? {} : { ':room': limitLrdCents - lrdCents }),
    },
  };
}

/** A day item holds fewer than `n` prompts after `:start`: its n-th newest is none, or older. */
const fewerInWindow = (n: number) => {
  const nth = PROMPT_SLOTS[PROMPT_SLOTS.length - n]!;
  return `(attribute_not_exists(${nth}) OR ${nth} <= :start)`;
};

const refusalOf = (day: Record<string, unknown> | undefined, at: number, room: number): DayRefusal =>
  promptsInWindow(day, new Date(at)) >= room ? 'prompts' : 'spend';

/** The day's write in a day's first 10 minutes: with a check that the day before holds `earlierPrompts` at most. */
async function addAcrossMidnight(
  entry: { msisdn: string; createdAt: string },
  update: DayUpdate,
  earlierDay: string,
  earlierPrompts: number,
  room: number,
): Promise<DayRefusal | undefined> {
  const at = Date.parse(entry.createdAt);
  const check: TransactItem = {
    ConditionCheck: {
      TableName: tableName(),
      Key: keys.playerDay(entry.msisdn, earlierDay),
      ConditionExpression: fewerInWindow(earlierPrompts + 1),
      ExpressionAttributeValues: { ':start': at - PROMPTS_PER_NUMBER.windowMs },
    },
  };
  const outcome = await commitLabelledRetried(
    [
      [{ Update: update }, 'day'],
      [check, 'day before'],
    ] as const,
    { attempts: 5, baseMs: 10, capMs: 200 },
  );
  if (outcome.committed) return undefined;
  if (outcome.failed.includes('day before')) return 'prompts';
  const day = await db().send(new GetCommand({ TableName: tableName(), Key: update.Key, ConsistentRead: true }));
  return refusalOf(day.Item, at, room);
}

/**
 * The ids of a number's newest `limit` entries, newest first: its days,
 * newest first, a few at a time until enough (each day lists its entries
 * in the order they were made).
 */
export async function recentEntryIdsOf(msisdn: string, limit: number): Promise<string[]> {
  const ids: string[] = [];
  const days = queryPages(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :days)',
      ExpressionAttributeValues: { ':pk': keys.player(msisdn), ':days': keys.playerDaysPrefix },
      ProjectionExpression: 'entryIds',
      ScanIndexForward: false,
    },
    () => DAYS_A_PAGE,
  );
  for await (const page of days) {
    for (const day of page) ids.push(...((day.entryIds as string[] | undefined) ?? []).toReversed());
    if (ids.length >= limit) break;
  }
  return ids.slice(0, limit);
}

/** Days read a page at a time by recentEntryIdsOf: a week, for a number that enters now and then. */
const DAYS_A_PAGE = 7;

/** A failed entry's stake no longer counts against its day (it was never taken); its prompt still does. */
export async function releaseSpend(msisdn: string, createdAt: string, lrdCents: number): Promise<void> {
  await db()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.playerDay(msisdn, gmtDayOf(createdAt)),
        UpdateExpression: 'ADD spentLrdCents :minus',
        // an entry written before spends were counted released nothing
        ConditionExpression: 'spentLrdCents >= :amount',
        ExpressionAttributeValues: { ':minus': -lrdCents, ':amount': lrdCents },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}
