import { hasSupport } from '@shared/roles';
import { PORTAL_ROLES, type Portal, type SessionUser } from '@shared/api/schemas/auth';
import { messages } from '@shared/messages';
import { auditWrite } from '../audit';
import { decoyHash, verifyPassword } from './passwords';
import { Refusal, refuseNotAllowed } from '../../platform/refusal';
import { newSessionId } from './session-policy';
import { isKnownDevice, rememberDevice } from './store/known-devices';
import {
  reserveSignIn,
  signInFailed,
  signInSucceeded,
  type SignInAttempt,
  type SignInHold,
} from './store/login-throttle';
import { createSession } from './store/sessions';
import { getUserByEmail, type StaffUser } from './store/users';

export interface SignInResult {
  user: SessionUser;
  sessionId: string;
  /** The device cookie's id: the one presented, or a new one (DESIGN section 7). */
  deviceId: string;
}

/**
 * Sign a staff user in at a portal (DESIGN section 7). The attempt is
 * reserved on its throttle counters before the password is checked, so
 * parallel guesses count (modules/staff/store/login-throttle.ts); a device that signed in
 * to the account before is counted on its own, never per address. The
 * password is checked before the role, so the role a portal refuses is only
 * revealed to someone who knows the password. Wrong email and wrong
 * password get the same message and cost the same time.
 */
export async function signIn(
  portal: Portal,
  email: string,
  password: string,
  from: { sourceIp: string; deviceId: string | undefined },
  now: Date,
): Promise<SignInResult> {
  const knownDevice = await isKnownDevice(email, from.deviceId, now);
  const attempt = await reserveSignIn(email, from.sourceIp, knownDevice ? from.deviceId : undefined, now);
  refuseUnlessReserved(attempt);

  const user = await getUserByEmail(email);
  const passwordOk = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !passwordOk) {
    await signInFailed(attempt, now);
    throw new Refusal('unauthenticated', messages.auth.badCredentials);
  }
  await signInSucceeded(attempt);
  // told only to someone who knows the password (as the role below)
  if (user.disabled === true) throw refuseNotAllowed(messages.admins.disabled);

  if (!(PORTAL_ROLES[portal] as readonly string[]).includes(user.role)) {
    throw refuseNotAllowed(
      portal === 'admin' ? messages.generic.invalidUserRole : messages.generic.invalidUserRoleBang,
    );
  }
  // a new session id at every sign-in (no fixation), made only if the user is still as read above;
  // a regulator's session start is audit-logged with it (DESIGN section 7), in the same transaction
  const sessionId = await createSession(
    user,
    from.sourceIp,
    now,
    user.role === 'regulator'
      ? [
          auditWrite(
            {
              actorId: user.id,
              actorRole: user.role,
              action: 'regulator.session-start',
              target: `regulator:${user.id}`,
              sourceIp: from.sourceIp,
            },
            now,
          ),
        ]
      : [],
  );
  if (!sessionId) throw new Refusal('unauthenticated', messages.auth.badCredentials);
  const deviceId = from.deviceId ?? newSessionId();
  await rememberDevice(email, deviceId, now);
  return { user: toSessionUser(user), sessionId, deviceId };
}

/**
 * Refuse an attempt the throttle did not reserve (too many from its address,
 * the account locked, or too soon after the last failure): the sign-in form's
 * and the password change's one answer.
 */
export function refuseUnlessReserved(attempt: SignInAttempt | SignInHold): asserts attempt is SignInAttempt {
  if (attempt.kind === 'address') throw new Refusal('limited', messages.auth.tooManyFromAddress);
  if (attempt.kind === 'locked') throw new Refusal('limited', messages.auth.locked);
  if (attempt.kind === 'slowDown')
    throw new Refusal('limited', messages.auth.slowDown(Math.ceil(attempt.retryAfterMs / 1000)));
}

export function toSessionUser(user: StaffUser): SessionUser {
  return {
    id: user.id,
    role: user.role,
    super_admin: user.role === 'admin' && user.superAdmin === true,
    ...(hasSupport(user) ? { support: true } : {}),
    username: user.username,
    email: user.email,
    // present only while a reset password waits to be changed: the answer is otherwise as before
    ...(user.mustChangePassword === true ? { must_change_password: true } : {}),
  };
}
