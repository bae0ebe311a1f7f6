import { PORTAL_ROLES, type Portal, type SessionUser } from '@shared/api/schemas/auth';
import { messages } from '@shared/messages';
import { decoyHash, verifyPassword } from '../domain/passwords';
import { ApiError, forbidden, tooManyRequests } from '../lib/errors';
import { clearSignInFailures, recordSignInFailure, signInHold } from '../store/login-throttle';
import { createSession } from '../store/sessions';
import { getUserByEmail, type StaffUser } from '../store/users';

export interface SignInResult {
  user: SessionUser;
  sessionId: string;
}

/**
 * Sign a staff user in at a portal (DESIGN section 7). The password
 * is checked before the role, so the role a portal refuses is only revealed
 * to someone who knows the password. Wrong email and wrong password get the
 * same message and cost the same time. Failures lock the failing address
 * (per account and address, and per address), never the account itself:
 * failures elsewhere only slow an address that has failed too (DESIGN
 * section 7: an attacker cannot lock the operator out).
 */
export async function signIn(
  portal: Portal,
  email: string,
  password: string,
  sourceIp: string,
  now: Date,
): Promise<SignInResult> {
  const hold = await signInHold(email, sourceIp, now);
  if (hold?.kind === 'address') throw tooManyRequests(messages.auth.tooManyFromAddress);
  if (hold?.kind === 'locked') throw tooManyRequests(messages.auth.locked);
  if (hold?.kind === 'slowDown') throw tooManyRequests(messages.auth.slowDown(Math.ceil(hold.retryAfterMs / 1000)));

  const user = await getUserByEmail(email);
  const passwordOk = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !passwordOk) {
    await recordSignInFailure(email, sourceIp, now);
    throw new ApiError(401, messages.auth.badCredentials);
  }
  await clearSignInFailures(email, sourceIp);
  // told only to someone who knows the password (as the role below)
  if (user.disabled === true) throw forbidden(messages.admins.disabled);

  if (!(PORTAL_ROLES[portal] as readonly string[]).includes(user.role)) {
    throw forbidden(portal === 'admin' ? messages.generic.invalidUserRole : messages.generic.invalidUserRoleBang);
  }
  // a new session id at every sign-in (no fixation), made only if the user is still as read above
  const sessionId = await createSession(user, sourceIp, now);
  if (!sessionId) throw new ApiError(401, messages.auth.badCredentials);
  return { user: toSessionUser(user), sessionId };
}

export function toSessionUser(user: StaffUser): SessionUser {
  return {
    id: user.id,
    role: user.role,
    super_admin: user.role === 'admin' && user.superAdmin === true,
    username: user.username,
    email: user.email,
  };
}
