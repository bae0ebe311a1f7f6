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
  const [user, setUser] = useState<SessionUser | null>(null);

  useEffect(() => {
    const refuse = () => {
      clearSession();
      navigate(loginPath, { replace: true });
    };
    if (!allowed) {
      refuse();
      return undefined;
    }
    const controller = new AbortController();
    callRoute(authRoutes.me, {}, { signal: controller.signal })
      .then(({ user: me }) => {
        if (me.id === routeId && me.role === role) setUser(me);
        else refuse();
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // 200: an answer outside the route's contract (callRoute) proves no session either
        if (error instanceof ApiError && [200, 401, 403].includes(error.status)) refuse();
        else console.error('Could not confirm the session', error);
      });
    return () => controller.abort();
  }, [allowed, loginPath, navigate, role, routeId]);

  return { session: allowed ? session : null, user };
}
