import { noPayoutInFlightDelete } from './payee-in-flight';
import { messages } from '@shared/messages';
import { queryAll, tableName, type TransactItem } from '../../../platform/dynamo';
import { isRefusal, refuseInvalid } from '../../../platform/refusal';
import type { PromotionBalance } from '../staff-rules';
import { keys } from '../../../platform/store/keys';
import {
  claimReleases,
  commitStaffWrite,
  endSessionsIfNeeded,
  findBySearchString,
  newStaffUser,
  newStaffUserWrites,
  profileUpdateWrites,
  staffAudit,
  staffUserDelete,
  withPasswordNote,
  zeroBalanceDeletes,
  type StaffProfile,
} from './staff-writes';
import type { Partner } from './partners';
import type { Actor } from '../../audit';
import { deleteUserSessions } from './sessions';
import { getUser, listUsersByRole, toUser, type StaffUser, type Write } from './users';

/**
 * Announcers (DESIGN section 4): staff users of role announcer, each
 * belonging to one partner. The item keeps the partner's id (`partnerId`) and
 * sits in the partner's GSI2 partition; its PartnerSearchString is read from
 * the partner, so a partner's code change never leaves it stale. The
 * partner's `announcerCount` moves in the same transaction as the announcer.
 */
export type Announcer = StaffUser & { partnerId?: string };

const announcerTarget = (announcer: Pick<StaffUser, 'searchString'>) => `announcer:${announcer.searchString ?? ''}`;

/** GSI2 keys that list an announcer under its partner, by username. */
const partnerIndexKeys = (partnerId: string, announcer: Pick<StaffUser, 'username' | 'id'>) => ({
  gsi2pk: keys.partnerAnnouncers(partnerId),
  gsi2sk: `${announcer.username.toLowerCase()}#${announcer.id}`,
});

/** The Update that counts an announcer in (+1) or out (-1) of a partner. */
function partnerCount(partnerId: string, delta: 1 | -1): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.user(partnerId),
      UpdateExpression: 'ADD announcerCount :delta',
      // an announcer only ever joins a partner that exists (never a stub item)
      ConditionExpression: delta > 0 ? 'attribute_exists(pk) AND #role = :partner' : 'attribute_exists(pk)',
      ...(delta > 0 ? { ExpressionAttributeNames: { '#role': 'role' } } : {}),
      ExpressionAttributeValues: { ':delta': delta, ...(delta > 0 ? { ':partner': 'partner' } : {}) },
    },
  };
}

/** The partner's +1, labelled: its condition failing means the partner was deleted meanwhile. */
const partnerJoin = (partnerId: string): Write => [
  partnerCount(partnerId, +1),
  { refuse: () => refuseInvalid(messages.refusals.unknownPartnerChoose, { partner_search_string: 'Unknown partner' }) },
];

export const findAnnouncerBySearchString = (searchString: string): Promise<Announcer | undefined> =>
  findBySearchString('announcer', searchString);

/** All announcers, ordered by username (GSI1; never a scan). */
export const listAnnouncers = (): Promise<Announcer[]> => listUsersByRole('announcer');

/** A partner's announcers (its GSI2 partition: small). */
export async function announcersOf(partnerId: string): Promise<Announcer[]> {
  const items = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.partnerAnnouncers(partnerId) },
  });
  return items.map(toUser);
}

/** The announcers of a partner checked in now: who shares a paid entry's announcer cut (DESIGN section 4). */
export async function checkedInAnnouncersOf(partnerId: string): Promise<Announcer[]> {
  return (await announcersOf(partnerId)).filter((announcer) => Boolean(announcer.lastCheckIn));
}

/** A new announcer of `partner`, its claims, the partner's count and the audit line, all or nothing. */
export async function createAnnouncer(
  profile: StaffProfile,
  passwordHash: string,
  partner: Partner,
  actor: Actor,
  now: Date,
): Promise<Announcer> {
  const announcer: Announcer = { ...newStaffUser('announcer', profile, passwordHash, now), partnerId: partner.id };
  await commitStaffWrite([
    ...newStaffUserWrites(announcer, partnerIndexKeys(partner.id, announcer)),
    partnerJoin(partner.id),
    staffAudit(actor, 'announcer.create', announcerTarget(announcer), { after: announcer }, now),
  ]);
  return announcer;
}

/**
 * Change an announcer's profile, password (when given) and partner (when
 * given): claims and partner counts move in the same transaction.
 */
export async function updateAnnouncer(
  current: Announcer,
  profile: StaffProfile,
  passwordHash: string | undefined,
  partner: Partner | undefined,
  actor: Actor,
  now: Date,
): Promise<Announcer> {
  const partnerId = partner?.id ?? current.partnerId;
  const moves = partnerId !== undefined && partnerId !== current.partnerId;
  const set = partnerId
    ? { partnerId, ...partnerIndexKeys(partnerId, { username: profile.username, id: current.id }) }
    : {};
  const { writes, after } = profileUpdateWrites(current, profile, passwordHash, now, set);
  const updated: Announcer = { ...after, ...(partnerId ? { partnerId } : {}) };
  const counts = moves
    ? [partnerJoin(partnerId), ...(current.partnerId ? [partnerCount(current.partnerId, -1)] : [])]
    : [];
  const audit = staffAudit(
    actor,
    'announcer.update',
    announcerTarget(current),
    { before: current, after: withPasswordNote(updated, passwordHash) },
    now,
  );
  await commitStaffWrite([...writes, ...counts, audit]);
  await endSessionsIfNeeded(current, updated, passwordHash !== undefined);
  return updated;
}

/** Delete an announcer: the user, its claims, its zero balances and its partner's count, with the audit line. */
export async function deleteAnnouncer(
  announcer: Announcer,
  zeroBalances: readonly PromotionBalance[],
  actor: Actor,
  now: Date,
): Promise<void> {
  await commitStaffWrite([
    // never while a payout to it is in flight (DESIGN section 4 "Payouts")
    noPayoutInFlightDelete(announcer.id),
    staffUserDelete(announcer),
    ...claimReleases(announcer),
    ...(announcer.partnerId ? [partnerCount(announcer.partnerId, -1)] : []),
    ...zeroBalanceDeletes(announcer.id, zeroBalances),
    staffAudit(actor, 'announcer.delete', announcerTarget(announcer), { before: announcer }, now),
  ]);
  await deleteUserSessions(announcer.id);
}

/**
 * Check an announcer in (spec section 4): LastCheckIn is set to now; checking
 * in again keeps the first time. Check-out removes it. Both are idempotent,
 * also when two clicks race: a write that lost to another is redone on a
 * fresh read.
 */
export const checkInAnnouncer = (current: Announcer, actor: Actor, now: Date) =>
  setCheckedIn(current, true, actor, now);
export const checkOutAnnouncer = (current: Announcer, actor: Actor, now: Date) =>
  setCheckedIn(current, false, actor, now);

/** Each lost race means another click won; a handful of concurrent clicks settle within this many rounds. */
const CHECK_ATTEMPTS = 10;

async function setCheckedIn(announcer: Announcer, checkedIn: boolean, actor: Actor, now: Date): Promise<Announcer> {
  let current = announcer;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await writeCheckState(current, checkedIn, actor, now);
    } catch (error) {
      const lostRace = isRefusal(error, 'conflict') && attempt < CHECK_ATTEMPTS;
      const fresh = lostRace ? await getUser(current.id) : undefined;
      if (fresh?.role !== 'announcer') throw error;
      current = fresh;
    }
  }
}

async function writeCheckState(current: Announcer, checkedIn: boolean, actor: Actor, now: Date): Promise<Announcer> {
  const { lastCheckIn: _previous, ...rest } = current;
  const lastCheckIn = checkedIn ? (current.lastCheckIn ?? now.toISOString()) : undefined;
  const after: Announcer = { ...rest, ...(lastCheckIn ? { lastCheckIn } : {}), updatedAt: now.toISOString() };
  const update: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: keys.user(current.id),
      UpdateExpression: lastCheckIn
        ? 'SET lastCheckIn = :checkIn, #updatedAt = :now'
        : 'SET #updatedAt = :now REMOVE lastCheckIn',
      // only the announcer that was read (so the audit's "before" is exact)
      ConditionExpression: 'attribute_exists(pk) AND #role = :announcer AND #updatedAt = :seen',
      ExpressionAttributeNames: { '#role': 'role', '#updatedAt': 'updatedAt' },
      ExpressionAttributeValues: {
        ...(lastCheckIn ? { ':checkIn': lastCheckIn } : {}),
        ':now': after.updatedAt,
        ':announcer': 'announcer',
        ':seen': current.updatedAt,
      },
    },
  };
  const checkState = (a: Announcer) => ({ lastCheckIn: a.lastCheckIn ?? null });
  const action = checkedIn ? 'announcer.checkin' : 'announcer.checkout';
  await commitStaffWrite([
    update,
    staffAudit(actor, action, announcerTarget(current), { before: checkState(current), after: checkState(after) }, now),
  ]);
  return after;
}
