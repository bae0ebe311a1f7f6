import { oversightMessages } from '@shared/oversight-messages';
import { tableName } from '../../../platform/dynamo';
import { refuseConflict } from '../../../platform/refusal';
import { auditWrite, type Actor } from '../../audit';
import { keys } from '../../../platform/store/keys';
import { nextCredentialVersion } from '../credentials';
import { deleteUserSessions } from './sessions';
import { commitStaffWrite } from './staff-writes';
import type { StaffUser } from './users';

/** The audit summary of a regulator account: who and whether enabled (never the hash). */
export const regulatorSummary = (user: Pick<StaffUser, 'id' | 'username' | 'email' | 'disabled'>) => ({
  id: user.id,
  username: user.username,
  email: user.email,
  disabled: user.disabled === true,
});

/**
 * Disable or enable a regulator (as read), with its audit line in one
 * transaction. A change raises the credential version, so its sessions end
 * at once and a re-enabled account never revives one (DESIGN section 7).
 */
export async function setRegulatorActive(
  before: StaffUser,
  active: boolean,
  actor: Actor,
  now: Date,
): Promise<StaffUser> {
  const at = now.toISOString();
  const changed = active === (before.disabled === true);
  const credentialVersion = changed ? nextCredentialVersion(before) : (before.credentialVersion ?? 0);
  const after: StaffUser = { ...before, disabled: !active, updatedAt: at, credentialVersion };
  await commitStaffWrite([
    [
      {
        Update: {
          TableName: tableName(),
          Key: keys.user(before.id),
          UpdateExpression: 'SET disabled = :disabled, updatedAt = :at, credentialVersion = :cv',
          // still as the caller read it (no lost update), and still a regulator
          ConditionExpression: 'attribute_exists(pk) AND #role = :regulator AND updatedAt = :seen',
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: {
            ':disabled': !active,
            ':at': at,
            ':cv': credentialVersion,
            ':regulator': 'regulator',
            ':seen': before.updatedAt,
          },
        },
      },
      { refuse: () => refuseConflict(oversightMessages.regulators.changedMeanwhile) },
    ],
    auditWrite(
      {
        ...actor,
        action: active ? 'regulator.enable' : 'regulator.disable',
        target: `regulator:${before.id}`,
        before: regulatorSummary(before),
        after: regulatorSummary(after),
      },
      now,
    ),
  ]);
  if (changed) await deleteUserSessions(before.id);
  return after;
}
