import { noPayoutInFlightDelete, payoutInFlightRefusal } from './payee-in-flight';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { messages } from '@shared/messages';
import type { Role } from '@shared/roles';
import { nextCredentialVersion } from '../credentials';
import { endsSessions } from '../staff-rules';
import {
  db,
  failedConditionIndexes,
  isConditionFailure,
  isTransactionConflict,
  tableName,
  type TransactItem,
} from '../../../platform/dynamo';
import { refuseConflict, type Refusal } from '../../../platform/refusal';
import { auditWrite, type Actor } from '../../audit';
import type { PromotionBalance } from '../staff-rules';
import { keys } from '../../../platform/store/keys';
import { deleteUserSessions } from './sessions';
import {
  claimConflict,
  claimItem,
  getUser,
  listUsersByRole,
  releaseItem,
  uniqueOwner,
  userIndexKeys,
  type StaffUser,
  type UniqueClaim,
} from './users';

/**
 * Partners (DESIGN section 4): staff users of role partner with a
 * unique SearchString and a MobileMoneyNumber. The first half of this module
 * holds the staff-write building blocks announcers.ts shares: unique claims,
 * profile updates guarded by what was read, audit lines, one transaction.
 */

/**
 * A partner's user item. `announcerCount` (kept by announcer writes) and
 * `assignmentCount` (kept by assignment writes) hold it from deletion.
 */
export type Partner = StaffUser & { announcerCount?: number; assignmentCount?: number };

/** The editable profile of a partner or announcer, validated and normalised. */
export interface StaffProfile {
  username: string;
  email: string;
  searchString: string;
  mobileMoneyNumber: string;
}

/** Who made a staff write and from where: the audit line's actor. */

// ── shared staff-write building blocks ──────────────────────────────────────

/** Partner and announcer codes share one namespace, so neither can take the other's. */
const searchStringClaim = (value: string): UniqueClaim => ({
  kind: 'searchString',
  value,
  field: 'search_string',
});
const emailClaim = (value: string): UniqueClaim => ({ kind: 'email', value, field: 'email' });

/** The audit line of a staff write, for the write's own transaction. */
export function staffAudit(
  actor: Actor,
  action: string,
  target: string,
  change: { before?: object; after?: object },
  now: Date,
): TransactItem {
  return auditWrite({ ...actor, action, target, ...change }, now);
}

/** The staff user of `role` holding this search string (case-insensitive, as the claim is). */
export async function findBySearchString(role: Role, searchString: string): Promise<StaffUser | undefined> {
  const ownerId = await uniqueOwner('searchString', searchString);
  const user = ownerId ? await getUser(ownerId) : undefined;
  return user?.role === role ? user : undefined;
}

/** The Put of a new staff user and its claims (email, search string), claims at indexes 1 and 2. */
export function newStaffUserWrites(
  user: StaffUser,
  indexKeys: Record<string, string> = {},
): { items: TransactItem[]; claims: UniqueClaim[] } {
  const claims = [emailClaim(user.email), searchStringClaim(user.searchString ?? '')];
  const put: TransactItem = {
    Put: {
      TableName: tableName(),
      Item: { ...keys.user(user.id), ...userIndexKeys(user), ...indexKeys, ...user, entity: 'user' },
      // a new id never overwrites an existing user
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
  return { items: [put, ...claims.map((claim) => claimItem(claim, user.id))], claims };
}

export function newStaffUser(
  role: 'partner' | 'announcer',
  profile: StaffProfile,
  passwordHash: string,
  now: Date,
): StaffUser {
  const at = now.toISOString();
  return { id: randomUUID(), role, superAdmin: false, passwordHash, ...profile, createdAt: at, updatedAt: at };
}

/**
 * The writes that change a staff user's profile: the user item, only while it
 * is still the one that was read, then its unique claims moved (new ones
 * claimed from index 1 on, old ones released). `set` adds attributes (e.g. an
 * announcer's partner) to the same update.
 */
export function profileUpdateWrites(
  current: StaffUser,
  profile: StaffProfile,
  passwordHash: string | undefined,
  now: Date,
  set: Record<string, unknown> = {},
): { items: TransactItem[]; claims: UniqueClaim[]; after: StaffUser } {
  // a new password or email raises the credential version: the user's sessions are dead (DESIGN section 7)
  const outdates = endsSessions(current, { email: profile.email, passwordChanged: passwordHash !== undefined });
  const after: StaffUser = {
    ...current,
    ...profile,
    passwordHash: passwordHash ?? current.passwordHash,
    updatedAt: now.toISOString(),
    ...(outdates ? { credentialVersion: nextCredentialVersion(current) } : {}),
  };
  const values: Record<string, unknown> = {
    ...profile,
    updatedAt: after.updatedAt,
    gsi1sk: userIndexKeys(after).gsi1sk,
    ...(passwordHash ? { passwordHash } : {}),
    ...(outdates ? { credentialVersion: after.credentialVersion } : {}),
    ...set,
  };
  const names = Object.keys(values);
  const update: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: keys.user(current.id),
      UpdateExpression: `SET ${names.map((_, i) => `#a${i} = :a${i}`).join(', ')}`,
      // only the user that was read: same role, unchanged since (so the audit's "before" is exact)
      ConditionExpression: 'attribute_exists(pk) AND #role = :role AND #updatedAt = :seen',
      ExpressionAttributeNames: {
        ...Object.fromEntries(names.map((name, i) => [`#a${i}`, name])),
        '#role': 'role',
        '#updatedAt': 'updatedAt',
      },
      ExpressionAttributeValues: {
        ...Object.fromEntries(names.map((name, i) => [`:a${i}`, values[name]])),
        ':role': current.role,
        ':seen': current.updatedAt,
      },
    },
  };
  // claim keys are case-insensitive: a change of case alone keeps the same claim
  const moved = (a: string | undefined, b: string) => (a ?? '').toLowerCase() !== b.toLowerCase();
  const claims: UniqueClaim[] = [];
  const releases: TransactItem[] = [];
  if (moved(current.email, profile.email)) {
    claims.push(emailClaim(profile.email));
    releases.push(releaseItem(emailClaim(current.email), current.id));
  }
  if (moved(current.searchString, profile.searchString)) {
    claims.push(searchStringClaim(profile.searchString));
    if (current.searchString) releases.push(releaseItem(searchStringClaim(current.searchString), current.id));
  }
  return { items: [update, ...claims.map((claim) => claimItem(claim, current.id)), ...releases], claims, after };
}

/** The Delete of a staff user item, only while it is still the one that was read; plus `condition`. */
export function staffUserDelete(
  current: StaffUser,
  condition?: string,
  values: Record<string, unknown> = {},
): TransactItem {
  return {
    Delete: {
      TableName: tableName(),
      Key: keys.user(current.id),
      // only the user that was read: same role, unchanged since
      ConditionExpression: `#role = :role AND #updatedAt = :seen${condition ? ` AND ${condition}` : ''}`,
      ExpressionAttributeNames: { '#role': 'role', '#updatedAt': 'updatedAt' },
      ExpressionAttributeValues: { ':role': current.role, ':seen': current.updatedAt, ...values },
    },
  };
}

/** Releases of a deleted user's claims. */
export function claimReleases(user: StaffUser): TransactItem[] {
  return [
    releaseItem(emailClaim(user.email), user.id),
    ...(user.searchString ? [releaseItem(searchStringClaim(user.searchString), user.id)] : []),
  ];
}

/** Deletes of a deleted user's balance items, each only while it is still zero. */
export function zeroBalanceDeletes(userId: string, balances: readonly PromotionBalance[]): TransactItem[] {
  return balances.map((balance) => ({
    Delete: {
      TableName: tableName(),
      Key: keys.balance(userId, balance.promotionId),
      // never delete money still owed (a credit may land meanwhile)
      ConditionExpression: 'amountCents = :zero',
      ExpressionAttributeValues: { ':zero': 0 },
    },
  }));
}

const MAX_ATTEMPTS = 4;

/**
 * Commit one staff write. A taken claim is a 409 naming its field; `explain`
 * may name other failed conditions (by TransactItems index); anything else
 * that lost a condition is a 409 "changed at the same time". A transaction
 * cancelled only because another one was in flight is retried.
 */
export async function commitStaffWrite(
  items: TransactItem[],
  claims: UniqueClaim[] = [],
  explain?: (failedIndexes: number[]) => Refusal | undefined,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      if (isConditionFailure(error)) {
        const named = explain?.(failedConditionIndexes(error)) ?? claimConflict(error, claims, 1);
        throw named ?? refuseConflict(messages.http.changedMeanwhile);
      }
      if (!isTransactionConflict(error) || attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((resume) => setTimeout(resume, 10 + Math.random() * 40 * attempt));
    }
  }
}

/** After a committed update: a changed password or email ends the user's sessions (DESIGN section 7). */
export async function endSessionsIfNeeded(
  before: StaffUser,
  after: StaffUser,
  passwordChanged: boolean,
): Promise<void> {
  if (endsSessions(before, { email: after.email, passwordChanged })) await deleteUserSessions(before.id);
}

// ── partners ────────────────────────────────────────────────────────────────

const partnerTarget = (partner: Pick<StaffUser, 'searchString'>) => `partner:${partner.searchString ?? ''}`;

export async function getPartner(id: string): Promise<Partner | undefined> {
  const user = await getUser(id);
  return user?.role === 'partner' ? user : undefined;
}

export const findPartnerBySearchString = (searchString: string): Promise<Partner | undefined> =>
  findBySearchString('partner', searchString);

/** All partners, ordered by username (GSI1; never a scan). */
export const listPartners = (): Promise<Partner[]> => listUsersByRole('partner');

/** A new partner with its email and search string claimed and its audit line, all or nothing. */
export async function createPartner(
  profile: StaffProfile,
  passwordHash: string,
  actor: Actor,
  now: Date,
): Promise<Partner> {
  const partner = newStaffUser('partner', profile, passwordHash, now);
  const { items, claims } = newStaffUserWrites(partner);
  const audit = staffAudit(actor, 'partner.create', partnerTarget(partner), { after: partner }, now);
  await commitStaffWrite([...items, audit], claims);
  return partner;
}

/** Change a partner's profile (and password when given); claims move in the same transaction. */
export async function updatePartner(
  current: Partner,
  profile: StaffProfile,
  passwordHash: string | undefined,
  actor: Actor,
  now: Date,
): Promise<Partner> {
  const { items, claims, after } = profileUpdateWrites(current, profile, passwordHash, now);
  const change = { before: current, after: withPasswordNote(after, passwordHash) };
  const audit = staffAudit(actor, 'partner.update', partnerTarget(current), change, now);
  await commitStaffWrite([...items, audit], claims);
  await endSessionsIfNeeded(current, after, passwordHash !== undefined);
  return after;
}

/**
 * Delete a partner: the user, its claims and its zero balances, with the audit
 * line, in one transaction. The caller has checked its ties (staff-rules);
 * the conditions hold them while the transaction commits.
 */
export async function deletePartner(
  partner: Partner,
  zeroBalances: readonly PromotionBalance[],
  actor: Actor,
  now: Date,
): Promise<void> {
  await commitStaffWrite(
    [
      // never while a payout to it is in flight (DESIGN section 4 "Payouts")
      noPayoutInFlightDelete(partner.id),
      // a partner with announcers or assignments is never deleted (they would point at nothing)
      staffUserDelete(
        partner,
        '(attribute_not_exists(announcerCount) OR announcerCount = :none) AND ' +
          '(attribute_not_exists(assignmentCount) OR assignmentCount = :none)',
        { ':none': 0 },
      ),
      ...claimReleases(partner),
      ...zeroBalanceDeletes(partner.id, zeroBalances),
      staffAudit(actor, 'partner.delete', partnerTarget(partner), { before: partner }, now),
    ],
    [],
    payoutInFlightRefusal,
  );
  await deleteUserSessions(partner.id);
}

/** The audit's "after" says a password was set, never what it is (auditSummary drops the hash). */
export function withPasswordNote(after: StaffUser, passwordHash: string | undefined): object {
  return passwordHash ? { ...after, passwordChanged: true } : after;
}
