import { authRoutes as routes } from '@shared/api/routes/auth';
import type { LoginRequest, Portal } from '@shared/api/schemas/auth';
import { callRoute } from '@web/lib/api-routes';
import type { StoredSession } from '@web/lib/session';

const loginRoutes = {
  admin: routes.adminLogin,
  partner: routes.partnerLogin,
  announcer: routes.announcerLogin,
  regulator: routes.regulatorLogin,
} as const;

export const login = (portal: Portal, credentials: LoginRequest) =>
  callRoute(loginRoutes[portal], {}, { body: credentials });

/** POST with an empty body (spec section 7); the announcer has its own path. */
export function logout(session: StoredSession) {
  const route = session.userRole === 'announcer' ? routes.announcerLogout : routes.logout;
  return callRoute(route, { id: session.userId });
}
