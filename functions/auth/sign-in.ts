import { PORTAL_ROLES, type Portal, type SessionUser } from '../../shared/api/schemas/auth';
import { messages } from '../../shared/messages';
import { decoyHash, verifyPassword } from '../domain/passwords';
import { ApiError, forbidden, tooManyRequests } from '../lib/errors';
import { ACCOUNT_RULE, ADDRESS_RULE, clearFailures, isLocked, recordFailure } from '../store/login-throttle';
import { createSession } from '../store/sessions';
import { getUserByEmail, type StaffUser } from '../store/users';

export interface SignInResult {
  user: SessionUser;
  sessionId: string;
}

/**
 * Sign a staff user in at a portal (issue 2; DESIGN section 7). The password
 * is checked before the role, so the role a portal refuses is only revealed
 * to someone who knows the password. Wrong email and wrong password get the
 * same message and cost the same time.
 */
export async function signIn(
  portal: Portal,
  email: string,
  password: string,
  sourceIp: string,
  now: Date,
): Promise<SignInResult> {
  if (await isLocked(ADDRESS_RULE, sourceIp, now)) throw tooManyRequests(messages.auth.tooManyFromAddress);
  if (await isLocked(ACCOUNT_RULE, email, now)) throw tooManyRequests(messages.auth.locked);

  const user = await getUserByEmail(email);
  const passwordOk = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !passwordOk) {
    await Promise.all([recordFailure(ACCOUNT_RULE, email, now), recordFailure(ADDRESS_RULE, sourceIp, now)]);
    throw new ApiError(401, messages.auth.badCredentials);
  }
  await clearFailures(ACCOUNT_RULE, email);

  if (!(PORTAL_ROLES[portal] as readonly string[]).includes(user.role)) {
    throw forbidden(portal === 'admin' ? messages.generic.invalidUserRole : messages.generic.invalidUserRoleBang);
  }
  // a new session id at every sign-in (no fixation)
  const sessionId = await createSession(user.id, user.role, sourceIp, now);
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
