import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { authRoutes } from '@shared/api/routes/auth';
import type { SessionUser } from '@shared/api/schemas/auth';
import type { Role as StaffRole } from '@shared/roles';
import { ApiError } from '../lib/api-client';
import { callRoute } from '../lib/api-routes';
import { clearSession, readSession, type StoredSession } from '../lib/session';

export interface SessionGuard {
  /** The stored session, once it matches the route; null while refused. */
  session: StoredSession | null;
  /** The signed-in user as the server knows them, once /auth/me answered. */
  user: SessionUser | null;
}

/** Does the stored session belong on this route (spec section 4, "Session guard")? */
function sessionAllows(session: StoredSession | null, routeId: string | undefined, role: StaffRole): boolean {
  return Boolean(session && routeId && session.userId === routeId && session.userRole === role);
}

/** GET /auth/me for the signed-in staff member of a route (the staff query cache, lib/staff-query.tsx). */
const currentUserQuery = (routeId: string, role: StaffRole) =>
  queryOptions({
    queryKey: ['auth', 'me', routeId, role],
    queryFn: ({ signal }) => callRoute(authRoutes.me, {}, { signal }),
  });

/**
 * A staff screen's guard (spec sections 4 and 6): the stored user id must
 * equal the route's `{id}` and the stored role the screen's role, else the
 * session storage is cleared and the visitor goes to `loginPath`. The server
 * decides for real (DESIGN section 7): /auth/me is asked once, and a missing
 * session or another user there sends the visitor away just the same.
 */
export function useSessionGuard(role: StaffRole, routeId: string | undefined, loginPath: string): SessionGuard {
  const navigate = useNavigate();
  const [session] = useState(() => readSession());
  const allowed = sessionAllows(session, routeId, role);
  const me = useQuery({ ...currentUserQuery(routeId ?? '', role), enabled: allowed });
  // only this guard's own answer counts: a remembered one may be from a session that has since ended
  const loading = me.isFetching;
  const answer = loading || !allowed ? undefined : me.data?.user;
  const user = answer && answer.id === routeId && answer.role === role ? answer : null;
  // 200: an answer outside the route's contract (callRoute) proves no session either
  const refused =
    !allowed ||
    (answer !== undefined && user === null) ||
    (!loading && me.error instanceof ApiError && [200, 401, 403].includes(me.error.status));

  useEffect(() => {
    if (!refused) return;
    clearSession();
    navigate(loginPath, { replace: true });
  }, [refused, loginPath, navigate]);
  useEffect(() => {
    if (!loading && me.error && !refused) console.error('Could not confirm the session', me.error);
  }, [loading, me.error, refused]);

  return { session: allowed ? session : null, user };
}
