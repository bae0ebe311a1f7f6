import { messages } from '@shared/messages';
import { tableName, type TransactItem } from '../../../platform/dynamo';
import { refuseConflict } from '../../../platform/refusal';
import { auditWrite, type Actor } from '../../audit';
import { keys } from '../../../platform/store/keys';
import { commitStaffWrite } from './staff-writes';
import { nextCredentialVersion } from '../credentials';
import { deleteUserSessions } from './sessions';
import { ensureSuperAdminRoster, isActiveSuperAdmin, rosterChange } from './super-admin-roster';
import type { StaffUser, Write } from './users';

/**
 * Changes to admin accounts. Each is one transaction: the
 * user item (unchanged since it was read), the count of active super admins
 * when that set changes (the last one cannot go), and the audit line.
 */

export interface AdminState {
  disabled: boolean;
  superAdmin: boolean;
  /** The support desk's permission (DESIGN section 7). */
  support: boolean;
}

/**
 * Disable, enable, promote or demote `before` (as read). Any change raises
 * the credential version: the admin's sessions end and must sign in again
 * (DESIGN section 7), so no session keeps powers it no longer has.
 */
export async function setAdminState(before: StaffUser, next: AdminState, actor: Actor, now: Date): Promise<StaffUser> {
  const at = now.toISOString();
  const changed =
    next.disabled !== (before.disabled === true) ||
    next.superAdmin !== (before.superAdmin === true) ||
    next.support !== (before.support === true);
  const credentialVersion = changed ? nextCredentialVersion(before) : before.credentialVersion;
  const after: StaffUser = {
    ...before,
    disabled: next.disabled,
    superAdmin: next.superAdmin,
    support: next.support,
    updatedAt: at,
    ...(credentialVersion !== undefined ? { credentialVersion } : {}),
  };
  const delta = Number(isActiveSuperAdmin(after)) - Number(isActiveSuperAdmin(before));
  if (delta !== 0) await ensureSuperAdminRoster();
  await commitStaffWrite([
    userUpdate(
      before,
      'SET disabled = :disabled, superAdmin = :super, support = :support, updatedAt = :at, credentialVersion = :cv',
      {
        ':disabled': next.disabled,
        ':super': next.superAdmin,
        ':support': next.support,
        ':at': at,
        ':cv': credentialVersion ?? 0,
      },
    ),
    auditWrite(
      {
        ...actor,
        action: actionOf(before, after),
        target: `admin:${before.id}`,
        before: adminSummary(before),
        after: adminSummary(after),
      },
      now,
    ),
    ...(delta !== 0 ? [lastSuperAdminGuard(rosterChange(delta))] : []),
  ]);
  if (changed) await deleteUserSessions(before.id);
  return after;
}

/**
 * Give `before` a new password (already hashed) set by a super admin: the
 * credential version rises (every session of theirs ends) and the next
 * sign-in must change it (DESIGN section 7).
 */
export async function setAdminPassword(
  before: StaffUser,
  passwordHash: string,
  actor: Actor,
  now: Date,
): Promise<StaffUser> {
  const at = now.toISOString();
  const credentialVersion = nextCredentialVersion(before);
  await commitStaffWrite([
    userUpdate(
      before,
      'SET passwordHash = :hash, updatedAt = :at, credentialVersion = :cv, mustChangePassword = :must',
      {
        ':hash': passwordHash,
        ':at': at,
        ':cv': credentialVersion,
        ':must': true,
      },
    ),
    auditWrite(
      {
        ...actor,
        action: 'admin.reset-password',
        target: `admin:${before.id}`,
        before: adminSummary(before),
        after: adminSummary(before),
      },
      now,
    ),
  ]);
  await deleteUserSessions(before.id);
  return { ...before, passwordHash, updatedAt: at, credentialVersion, mustChangePassword: true };
}

/** The audit summary of an admin: who and in what state (never the hash). */
export function adminSummary(
  user: Pick<StaffUser, 'id' | 'username' | 'email' | 'superAdmin' | 'disabled'> & { support?: boolean },
) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    superAdmin: user.superAdmin === true,
    support: user.support === true,
    disabled: user.disabled === true,
  };
}

function actionOf(before: StaffUser, after: StaffUser): string {
  if (before.disabled !== true && after.disabled) return 'admin.disable';
  if (before.disabled === true && !after.disabled) return 'admin.enable';
  if (!before.superAdmin && after.superAdmin) return 'admin.promote';
  if (before.superAdmin && !after.superAdmin) return 'admin.demote';
  if (before.support !== true && after.support) return 'admin.grant-support';
  if (before.support === true && !after.support) return 'admin.revoke-support';
  return 'admin.update';
}

/** The admin's update, labelled: its condition failing means the admin changed meanwhile (or is no admin). */
function userUpdate(before: StaffUser, expression: string, values: Record<string, unknown>): Write {
  const update: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: keys.user(before.id),
      UpdateExpression: expression,
      // the admin is still as the caller read it (no lost update), and still an admin
      ConditionExpression: 'attribute_exists(pk) AND #role = :admin AND updatedAt = :seen',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ...values, ':admin': 'admin', ':seen': before.updatedAt },
    },
  };
  return [update, { refuse: () => refuseConflict(messages.admins.changedMeanwhile) }];
}

/** The roster's count, labelled: its condition failing means the last active super admin would go. */
const lastSuperAdminGuard = (item: TransactItem): Write => [
  item,
  { refuse: () => refuseConflict(messages.admins.lastSuperAdmin) },
];
