import { PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  batchGetAll,
  commitAll,
  commitIfConditionsHold,
  db,
  isConditionFailure,
  keyId,
  queryAll,
  tableName,
} from '../../../platform/dynamo';
import { auditWrite, type Actor } from '../../audit';
import { epochSeconds, keys } from '../../../platform/store/keys';
import { foundItem, readTogether, type ItemsRead } from '../../../platform/store/read-together';
import { ownLimitOf, type OwnLimit } from './player-limits';
import { promptDaysOf, promptsInWindow } from './player-days';

/**
 * A mobile number as a player (DESIGN section 7): its
 * entries newest first ("my tickets": read by USSD, where the phone proves
 * the number, and by the web after a one-time code: ./ticket-access.ts), its self-exclusion, its own daily spending limit and what
 * it started spending each GMT day. All in one partition, PLAYER#<msisdn>.
 */
export interface Exclusion {
  /** Until this instant (ISO), or for good. */
  until?: string;
  permanent: boolean;
  since: string;
  by: 'player' | 'admin';
}

/** What an entry checks about its number before the payment prompt, in one read. */
export interface Standing {
  exclusion?: Exclusion;
  /** The player's own daily limit (LRD cents) in force now, lower than the operator's when set. */
  ownLimitLrdCents?: number;
  /** The own limit's item as read: a raise waiting, and its version. */
  ownLimit?: OwnLimit;
  /** Stakes of entries started today (GMT), pending or paid, in LRD cents. */
  spentTodayLrdCents: number;
  /**
   * Its payment prompts in the window of the per-number limit (./player-days.ts PROMPTS_PER_NUMBER): today's, and the
   * day before's in a window that began before midnight.
   */
  prompts: { today: number; earlierDay: number };
}

export function isExcluded(exclusion: Exclusion | undefined, now: Date): exclusion is Exclusion {
  return (
    exclusion !== undefined &&
    (exclusion.permanent || (exclusion.until !== undefined && exclusion.until > now.toISOString()))
  );
}

export async function standingOf(msisdn: string, now: Date): Promise<Standing> {
  const [standing] = await readTogether([standingRead(msisdn, now)]);
  return standing;
}

/** `standingOf` as a read to go with a request's others, in one batch read (platform/store/read-together.ts). */
export function standingRead(msisdn: string, now: Date): ItemsRead<Standing> {
  const days = promptDaysOf(now);
  const wanted = [
    keys.playerExclusion(msisdn),
    keys.playerLimit(msisdn),
    keys.playerDay(msisdn, days.today),
    ...(days.earlier ? [keys.playerDay(msisdn, days.earlier)] : []),
  ];
  return {
    keys: wanted,
    answer: (found) => {
      const [exclusion, limit, today, earlier] = wanted.map((key) => foundItem(found, key));
      const ownLimit = ownLimitOf(limit, now);
      return {
        exclusion: exclusion ? exclusionOf(exclusion) : undefined,
        ownLimitLrdCents: ownLimit?.limitLrdCents,
        ownLimit,
        spentTodayLrdCents: (today?.spentLrdCents as number | undefined) ?? 0,
        prompts: { today: promptsInWindow(today, now), earlierDay: promptsInWindow(earlier, now) },
      };
    },
  };
}

export async function getExclusion(msisdn: string): Promise<Exclusion | undefined> {
  const found = await batchGetAll([keys.playerExclusion(msisdn)], { consistent: true });
  const item = found.get(keyId(keys.playerExclusion(msisdn)));
  return item ? exclusionOf(item) : undefined;
}

function exclusionOf(item: Record<string, unknown>): Exclusion {
  return {
    until: item.until as string | undefined,
    permanent: item.permanent === true,
    since: item.since as string,
    by: item.by as Exclusion['by'],
  };
}

/**
 * A player excludes their own number (USSD). It can only grow: a shorter
 * period never shortens a longer one, and nothing a player does lifts a
 * permanent one (DESIGN section 7). Returns the exclusion in force after.
 */
export async function excludeByPlayer(
  msisdn: string,
  exclusion: Omit<Exclusion, 'by' | 'since'>,
  now: Date,
): Promise<Exclusion> {
  const record: Exclusion = { ...exclusion, since: now.toISOString(), by: 'player' };
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: exclusionItem(msisdn, record),
        ConditionExpression: exclusion.permanent
          ? 'attribute_not_exists(pk) OR permanent <> :yes'
          : 'attribute_not_exists(pk) OR (permanent <> :yes AND #until < :until)',
        ...(exclusion.permanent ? {} : { ExpressionAttributeNames: { '#until': 'until' } }),
        ExpressionAttributeValues: { ':yes': true, ...(exclusion.permanent ? {} : { ':until': exclusion.until }) },
      }),
    );
    return record;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return (await getExclusion(msisdn))!;
  }
}

/** An admin sets a number's exclusion (any period, shorter too), with its audit line. */
export async function excludeByAdmin(
  msisdn: string,
  exclusion: Omit<Exclusion, 'by' | 'since'>,
  actor: Actor,
  now: Date,
): Promise<Exclusion> {
  const before = await getExclusion(msisdn);
  const record: Exclusion = { ...exclusion, since: now.toISOString(), by: 'admin' };
  await commitAll([
    {
      Put: {
        TableName: tableName(),
        Item: exclusionItem(msisdn, record),
      },
    },
    auditWrite({ ...actor, action: 'player.exclude', target: `player:${msisdn}`, before, after: record }, now),
  ]);
  return record;
}

/** An admin lifts a number's exclusion, with its audit line; false when there was none. */
export async function liftExclusion(msisdn: string, actor: Actor, now: Date): Promise<boolean> {
  const before = await getExclusion(msisdn);
  if (!before) return false;
  // lifted by another admin this instant (its condition failed): lifted all the same
  await commitIfConditionsHold([
    {
      Delete: {
        TableName: tableName(),
        Key: keys.playerExclusion(msisdn),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    auditWrite({ ...actor, action: 'player.lift-exclusion', target: `player:${msisdn}`, before }, now),
  ]);
  return true;
}

/**
 * An exclusion item: listed for the admins (EXCLUSIONS, newest first), and a timed one expires by TTL once it ends
 * (every read checks `until` too, as TTL deletes late); a permanent one stays until an admin lifts it.
 */
function exclusionItem(msisdn: string, record: Exclusion): Record<string, unknown> {
  return {
    ...keys.playerExclusion(msisdn),
    entity: 'player-exclusion',
    msisdn,
    ...record,
    gsi1pk: keys.exclusionsIndex,
    gsi1sk: `${record.since}#${msisdn}`,
    ...(!record.permanent && record.until ? { expiresAt: epochSeconds(new Date(record.until)) } : {}),
  };
}

/** Every number excluded now, newest exclusion first: one query of the EXCLUSIONS index, never a scan. */
export async function listExclusions(now: Date): Promise<Array<{ msisdn: string; exclusion: Exclusion }>> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.exclusionsIndex },
    ScanIndexForward: false,
  });
  return items
    .map((item) => ({ msisdn: item.msisdn as string, exclusion: exclusionOf(item) }))
    .filter(({ exclusion }) => isExcluded(exclusion, now));
}
