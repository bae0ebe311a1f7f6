import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { authRoutes } from '@shared/api/routes/auth';
import type { SessionUser } from '@shared/api/schemas/auth';
import type { Role as StaffRole } from '@shared/roles';
import { ApiError } from '../lib/api-client';
import { callRoute } from '../lib/api-routes';
import { clearSession, readSession, saveSession, type StoredSession } from '../lib/session';
import { ACCOUNT_PATH } from '../lib/staff-paths';

export interface SessionGuard {
  /** The UI's session keys, once they match the route; null while refused or not yet known. */
  session: StoredSession | null;
  /** The signed-in user as the server knows them, once /auth/me answered. */
  user: SessionUser | null;
}

/** Does the stored session belong on this route (spec section 4, "Session guard")? */
function sessionAllows(session: StoredSession | null, routeId: string | undefined, role: StaffRole): boolean {
  return Boolean(session && routeId && session.userId === routeId && session.userRole === role);
}

/**
 * GET /auth/me for the signed-in staff member of a route (the staff query
 * cache, lib/staff-query.tsx). Asked again when the tab comes back into view:
 * the cookie is the browser's, so another tab may have ended or replaced the
 * session meanwhile.
 */
const currentUserQuery = (routeId: string, role: StaffRole) =>
  queryOptions({
    queryKey: ['auth', 'me', routeId, role],
    queryFn: ({ signal }) => callRoute(authRoutes.me, {}, { signal }),
    refetchOnWindowFocus: 'always',
  });

/**
 * A staff screen's guard (spec sections 4 and 6; DESIGN section 7). The
 * server's session decides: GET /auth/me must name the route's `{id}` and
 * the screen's role. The tab's stored keys (sessionStorage, per tab) only let
 * the screen show before that answer; a tab without them — a screen opened
 * in a new tab — takes them from the answer instead of asking to sign in
 * again. No session, or another user's (signed in from another tab), clears
 * the keys and sends the visitor to `loginPath`, whose page says which
 * account is signed in and offers to switch. A password a super admin reset
 * sends the user to the Account screen.
 */
export function useSessionGuard(role: StaffRole, routeId: string | undefined, loginPath: string): SessionGuard {
  const navigate = useNavigate();
  const [stored] = useState(() => readSession());
  const me = useQuery({ ...currentUserQuery(routeId ?? '', role), enabled: Boolean(routeId) });
  // only this guard's own answers count: a remembered one may be from a session that has since ended
  const answer = me.isFetchedAfterMount ? me.data?.user : undefined;
  const user = answer && answer.id === routeId && answer.role === role ? answer : null;
  const storedFits = sessionAllows(stored, routeId, role);
  // 200: an answer outside the route's contract (callRoute) proves no session either; a tab without its
  // own keys opens nothing the server did not confirm
  const failed = !me.isFetching && me.error instanceof ApiError;
  const refused =
    !routeId ||
    (answer !== undefined && user === null) ||
    (failed && (!storedFits || [200, 401, 403].includes((me.error as ApiError).status)));
  const confirmed = useMemo(() => (user ? sessionOf(user) : null), [user]);
  const session = refused ? null : (confirmed ?? (storedFits ? stored : null));
  const mustChange = user?.must_change_password === true;

  useEffect(() => {
    // a tab without keys of its own (opened from another) takes them from the server's answer
    if (confirmed && !storedFits) saveSession(confirmed);
  }, [confirmed, storedFits]);
  useEffect(() => {
    if (mustChange) navigate(ACCOUNT_PATH, { replace: true });
  }, [mustChange, navigate]);
  useEffect(() => {
    if (!refused) return;
    clearSession();
    navigate(loginPath, { replace: true });
  }, [refused, loginPath, navigate]);
  useEffect(() => {
    if (!me.isFetching && me.error && !refused) console.error('Could not confirm the session', me.error);
  }, [me.isFetching, me.error, refused]);

  return { session, user };
}

/** The UI's keys for a user the server confirmed (the super-admin flag for admins only). */
function sessionOf(user: SessionUser): StoredSession {
  return {
    userId: user.id,
    userRole: user.role,
    ...(user.role === 'admin' ? { superAdmin: user.super_admin } : {}),
  };
}
