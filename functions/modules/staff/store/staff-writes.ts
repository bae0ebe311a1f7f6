import { randomUUID } from 'node:crypto';
import type { Role } from '@shared/roles';
import { nextCredentialVersion } from '../credentials';
import { endsSessions } from '../staff-rules';
import { commitLabelledRetried, tableName, type TransactItem } from '../../../platform/dynamo';
import { auditWrite, type Actor } from '../../audit';
import type { PromotionBalance } from '../staff-rules';
import { keys } from '../../../platform/store/keys';
import { deleteUserSessions } from './sessions';
import {
  claimWrite,
  getUser,
  labelled,
  refusalFor,
  releaseItem,
  uniqueOwner,
  userIndexKeys,
  type StaffUser,
  type UniqueClaim,
  type Write,
} from './users';

/**
 * The staff-write building blocks partners.ts and announcers.ts (and
 * admins.ts's commit) share: unique claims, profile updates guarded by what
 * was read, audit lines, one transaction.
 */

/** The editable profile of a partner or announcer, validated and normalised. */
export interface StaffProfile {
  username: string;
  email: string;
  searchString: string;
  mobileMoneyNumber: string;
}

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

/** The Put of a new staff user item. */
function newStaffUserPut(user: StaffUser, indexKeys: Record<string, string> = {}): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.user(user.id), ...userIndexKeys(user), ...indexKeys, ...user, entity: 'user' },
      // a new id never overwrites an existing user
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The Put of a new staff user and its claims (email, search string), each claim labelled (users.ts `Write`). */
export function newStaffUserWrites(user: StaffUser, indexKeys: Record<string, string> = {}): Write[] {
  const claims = [emailClaim(user.email), searchStringClaim(user.searchString ?? '')];
  return [newStaffUserPut(user, indexKeys), ...claims.map((claim) => claimWrite(claim, user.id))];
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
 * claimed, old ones released). `set` adds attributes (e.g. an announcer's
 * partner) to the same update.
 */
export function profileUpdateWrites(
  current: StaffUser,
  profile: StaffProfile,
  passwordHash: string | undefined,
  now: Date,
  set: Record<string, unknown> = {},
): { writes: Write[]; after: StaffUser } {
  // a new password or email raises the credential version: the user's sessions are dead (DESIGN section 7)
  const outdates = endsSessions(current, { email: profile.email, passwordChanged: passwordHash !== undefined });
  const after: StaffUser = {
    ...current,
    ...profile,
    passwordHash: passwordHash ?? current.passwordHash,
    updatedAt: now.toISOString(),
    ...(outdates ? { credentialVersion: nextCredentialVersion(current) } : {}),
    // a password a super admin set is a reset: its holder changes it at their next sign-in (DESIGN section 7)
    ...(passwordHash ? { mustChangePassword: true } : {}),
  };
  const values: Record<string, unknown> = {
    ...profile,
    updatedAt: after.updatedAt,
    gsi1sk: userIndexKeys(after).gsi1sk,
    ...(passwordHash ? { passwordHash, mustChangePassword: true } : {}),
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
  return { writes: [update, ...claims.map((claim) => claimWrite(claim, current.id)), ...releases], after };
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

/**
 * Commit one staff write: a lost condition is thrown as its refusal (a taken
 * claim names its field, a labelled item its own refusal, anything else "changed
 * at the same time": users.ts refusalFor). A transaction cancelled only
 * because another one was in flight is retried.
 */
export async function commitStaffWrite(writes: readonly Write[]): Promise<void> {
  const outcome = await commitLabelledRetried(labelled(writes), { attempts: 4, baseMs: 25, capMs: 200 });
  if (!outcome.committed) throw refusalFor(outcome.failed);
}

/** After a committed update: a changed password or email ends the user's sessions (DESIGN section 7). */
export async function endSessionsIfNeeded(
  before: StaffUser,
  after: StaffUser,
  passwordChanged: boolean,
): Promise<void> {
  if (endsSessions(before, { email: after.email, passwordChanged })) await deleteUserSessions(before.id);
}

/** The audit's "after" says a password was set, never what it is (auditSummary drops the hash). */
export function withPasswordNote(after: StaffUser, passwordHash: string | undefined): object {
  return passwordHash ? { ...after, passwordChanged: true } : after;
}
