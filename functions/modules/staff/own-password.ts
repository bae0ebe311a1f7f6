import type { ChangePasswordRequest } from '@shared/api/schemas/auth';
import { messages } from '@shared/messages';
import type { Actor } from '../audit';
import { refuseInvalid } from '../../platform/refusal';
import { refuseUnlessReserved } from './sign-in';
import { hashPassword, verifyPassword } from './passwords';
import { isKnownDevice } from './store/known-devices';
import { reserveSignIn, signInFailed, signInSucceeded } from './store/login-throttle';
import { changeOwnPassword } from './store/own-password';
import type { StaffUser } from './store/users';

/**
 * A signed-in staff user changes their own password (DESIGN section 7: the
 * current one required; their other sessions end). The current password is
 * checked under the sign-in throttle's counters, reserved first as a sign-in
 * is, so a stolen session cannot guess it faster than the login form could.
 * Returns the cookie id of the session that replaces the asking one.
 */
export async function changePassword(
  user: StaffUser,
  input: ChangePasswordRequest,
  from: { sessionKey: string; deviceId: string | undefined; actor: Actor },
  now: Date,
): Promise<string> {
  const knownDevice = await isKnownDevice(user.email, from.deviceId, now);
  const attempt = await reserveSignIn(user.email, from.actor.sourceIp, knownDevice ? from.deviceId : undefined, now);
  refuseUnlessReserved(attempt);
  if (!(await verifyPassword(input.current_password, user.passwordHash))) {
    await signInFailed(attempt, now);
    throw refuseInvalid(messages.account.currentPasswordWrong, {
      current_password: messages.account.currentPasswordWrong,
    });
  }
  await signInSucceeded(attempt);
  return changeOwnPassword(user, await hashPassword(input.new_password), from.sessionKey, from.actor, now);
}
