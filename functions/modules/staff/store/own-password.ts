import { tableName } from '../../../platform/dynamo';
import { keys } from '../../../platform/store/keys';
import { auditWrite, type Actor } from '../../audit';
import { nextCredentialVersion } from '../credentials';
import { deleteUserSessions, newSessionWrite } from './sessions';
import { commitStaffWrite } from './staff-writes';
import type { StaffUser } from './users';

/**
 * A staff user's own new password (already hashed), in one transaction: the
 * user item (unchanged since it was read) gets the hash, the next credential
 * version and no pending forced change; the session that asked is replaced
 * by a fresh one at the new version (a copy of the old cookie dies with it);
 * the audit line. Every other session of the user is dead by its version and
 * then deleted, which closes its sockets (live/session-streams.ts). Returns
 * the new session's cookie id.
 */
export async function changeOwnPassword(
  before: StaffUser,
  passwordHash: string,
  sessionKey: string,
  actor: Actor,
  now: Date,
): Promise<string> {
  const at = now.toISOString();
  const credentialVersion = nextCredentialVersion(before);
  const fresh = newSessionWrite(before, credentialVersion, actor.sourceIp, now);
  await commitStaffWrite([
    {
      Update: {
        TableName: tableName(),
        Key: keys.user(before.id),
        UpdateExpression:
          'SET passwordHash = :hash, updatedAt = :at, credentialVersion = :cv REMOVE mustChangePassword',
        // the user as read when the current password was checked (no lost update, no racing reset)
        ConditionExpression: 'attribute_exists(pk) AND updatedAt = :seen',
        ExpressionAttributeValues: {
          ':hash': passwordHash,
          ':at': at,
          ':cv': credentialVersion,
          ':seen': before.updatedAt,
        },
      },
    },
    fresh.put,
    {
      // the asking session is still there (not logged out meanwhile)
      Delete: {
        TableName: tableName(),
        Key: keys.session(sessionKey),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    auditWrite(
      {
        ...actor,
        action: 'staff.change-own-password',
        target: `${before.role}:${before.id}`,
        after: { id: before.id },
      },
      now,
    ),
  ]);
  await deleteUserSessions(before.id, fresh.sessionKey);
  return fresh.sessionId;
}
