import { messages } from '@shared/messages';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { Role } from '@shared/roles';
import { commitLabelled, db, queryAll, tableName, type TransactItem } from '../../../platform/dynamo';
import { refuseConflict, type Refusal } from '../../../platform/refusal';
import { keys, withoutKeys } from '../../../platform/store/keys';
import { ensureSuperAdminRoster, isActiveSuperAdmin, rosterChange } from './super-admin-roster';

/** A staff user (DESIGN section 4). Role-specific attributes live on the same item. */
export interface StaffUser {
  id: string;
  email: string;
  username: string;
  role: Role;
  superAdmin: boolean;
  passwordHash: string;
  createdAt: string;
  updatedAt: string;
  /** Partners and announcers: their unique public code (spec "SearchString"). */
  searchString?: string;
  /** Partners and announcers: where payouts go, normalised 231XXXXXXXXX. */
  mobileMoneyNumber?: string;
  /** Announcers: the partner they belong to. */
  partnerSearchString?: string;
  /** Announcers: ISO time of check-in; absent when checked out. */
  lastCheckIn?: string;
  /** Admins: the support desk's permission (DESIGN section 7); a super admin has it anyway. */
  support?: boolean;
  /** Admins: a disabled account cannot sign in and has no sessions. */
  disabled?: boolean;
  /**
   * Raised by every change of password, email, role, super-admin or support flag or
   * enabled (DESIGN section 7): a session made from an older version is dead.
   * Absent: 0.
   */
  credentialVersion?: number;
  /** A super admin reset the password: the next sign-in must change it (DESIGN section 7). */
  mustChangePassword?: boolean;
}

/** A value that must be unique across the table, and the request field that carries it. */
export interface UniqueClaim {
  kind: string;
  value: string;
  /** The request field named in the 409 when the value is taken. */
  field: string;
}

export type NewStaffUser = Omit<StaffUser, 'id' | 'createdAt' | 'updatedAt'> & { id?: string };

/**
 * Create a staff user and claim its unique values (email plus any others) in
 * one transaction: either all exist afterwards or none do. A taken value is a
 * 409 naming its field.
 */
export async function createStaffUser(
  input: NewStaffUser,
  now: Date,
  extraClaims: UniqueClaim[] = [],
  extraWrites: TransactItem[] = [],
): Promise<StaffUser> {
  const id = input.id ?? randomUUID();
  const timestamp = now.toISOString();
  const user: StaffUser = { ...input, id, createdAt: timestamp, updatedAt: timestamp };
  const claims: UniqueClaim[] = [{ kind: 'email', value: user.email, field: 'email' }, ...extraClaims];
  // a new active super admin is counted in the same transaction (the last one cannot be removed)
  const counted = isActiveSuperAdmin(user);
  if (counted) await ensureSuperAdminRoster();
  await commitRefusing([
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.user(id), ...userIndexKeys(user), ...user, entity: 'user' },
        // no overwrite of an existing user
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...claims.map((claim) => claimWrite(claim, id)),
    ...extraWrites,
    ...(counted ? [rosterChange(+1)] : []),
  ]);
  return user;
}

/** The Put that claims a unique value for `ownerId`; fails if another owner holds it. */
export function claimItem(claim: UniqueClaim, ownerId: string, about: Record<string, string> = {}): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      // `about`: what a reader of the claim needs besides its owner (e.g. a shared code's promotion)
      Item: {
        ...about,
        ...keys.unique(claim.kind, claim.value),
        ownerId,
        kind: claim.kind,
        value: claim.value,
        entity: 'unique',
      },
      // one owner per unique value
      ConditionExpression: 'attribute_not_exists(pk) OR ownerId = :owner',
      ExpressionAttributeValues: { ':owner': ownerId },
    },
  };
}

/** The Delete that releases a unique value held by `ownerId`. */
export function releaseItem(claim: Pick<UniqueClaim, 'kind' | 'value'>, ownerId: string): TransactItem {
  return {
    Delete: {
      TableName: tableName(),
      Key: keys.unique(claim.kind, claim.value),
      ConditionExpression: 'attribute_not_exists(pk) OR ownerId = :owner',
      ExpressionAttributeValues: { ':owner': ownerId },
    },
  };
}

/** What a write's item failing its condition means: its unique claim was taken, or a refusal of its own. */
export type WriteCondition = { claim: UniqueClaim } | { refuse: () => Refusal };

/** A transaction item with what its condition failing means (an item without one: "changed at the same time"). */
export type Write = TransactItem | readonly [TransactItem, WriteCondition];

/** The claim's Put, labelled: its failing means the value is taken. */
export const claimWrite = (claim: UniqueClaim, ownerId: string, about?: Record<string, string>): Write =>
  [claimItem(claim, ownerId, about), { claim }] as const;

/** Writes as commitLabelled takes them. */
export const labelled = (writes: readonly Write[]) =>
  writes.map(
    (write) =>
      (Array.isArray(write) ? write : ([write, undefined] as const)) as readonly [
        TransactItem,
        WriteCondition | undefined,
      ],
  );

/**
 * The refusal for a cancelled write: a named refusal first, then a 409
 * naming the claimed field that was taken, else "changed at the same time".
 */
export function refusalFor(failed: ReadonlyArray<WriteCondition | undefined>): Refusal {
  for (const condition of failed) if (condition && 'refuse' in condition) return condition.refuse();
  for (const condition of failed)
    if (condition && 'claim' in condition) {
      const { field } = condition.claim;
      return refuseConflict(messages.refusals.alreadyInUse(fieldLabel(field)), { [field]: 'Already in use' });
    }
  return refuseConflict(messages.http.changedMeanwhile);
}

/** Commit writes in ONE transaction; a lost condition is thrown as its refusal (refusalFor), a conflicting transaction's cancellation as DynamoDB gave it. */
export async function commitRefusing(writes: readonly Write[]): Promise<void> {
  const outcome = await commitLabelled(labelled(writes));
  if (outcome.committed) return;
  throw outcome.busy ? outcome.error : refusalFor(outcome.failed);
}

function fieldLabel(field: string): string {
  return field.replace(/_/g, ' ');
}

export function userIndexKeys(user: Pick<StaffUser, 'role' | 'username' | 'id'>) {
  return { gsi1pk: keys.usersByRole(user.role), gsi1sk: `${user.username.toLowerCase()}#${user.id}` };
}

export async function getUser(id: string): Promise<StaffUser | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.user(id) }));
  return result.Item ? toUser(result.Item) : undefined;
}

/** The user as stored now (a consistent read): what a session is checked against (DESIGN section 7). */
export async function getUserNow(id: string): Promise<StaffUser | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.user(id), ConsistentRead: true }));
  return result.Item ? toUser(result.Item) : undefined;
}

/** Owner id of a unique value, if claimed. */
export async function uniqueOwner(kind: string, value: string): Promise<string | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.unique(kind, value) }));
  return result.Item?.ownerId as string | undefined;
}

export async function getUserByEmail(email: string): Promise<StaffUser | undefined> {
  const ownerId = await uniqueOwner('email', email);
  return ownerId ? getUser(ownerId) : undefined;
}

/** All staff users of a role, ordered by username (GSI1; never a scan). */
export async function listUsersByRole(role: Role): Promise<StaffUser[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.usersByRole(role) },
  });
  return items.map(toUser);
}

/** A user item without its keys: what every store hands out. */
export function toUser(item: Record<string, unknown>): StaffUser {
  return withoutKeys<StaffUser>(item);
}
