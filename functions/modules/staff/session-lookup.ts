import type { GuardedRequest, SessionLookup } from '../../platform/http-app';
import { sessionIdFromCookies } from './session-policy';
import { findSession, sessionUser } from './store/sessions';
import type { StaffUser } from './store/users';

/**
 * The staff session a request's cookies name, for the HTTP app's guard
 * (platform/http-app.ts): a disabled user, or one whose credentials changed
 * since the sign-in, has no session (DESIGN section 7).
 */
export const staffSessions: SessionLookup = async (cookies, now) => {
  const sessionId = sessionIdFromCookies(cookies);
  if (!sessionId) return undefined;
  const session = await findSession(sessionId, now);
  const user = session ? await sessionUser(session) : undefined;
  return session && user ? { session, user } : undefined;
};

/** The whole staff user of a signed-in request: staffSessions supplies it as the app's principal. */
export function signedInUser(request: GuardedRequest): StaffUser | undefined {
  return request.user as StaffUser | undefined;
}
