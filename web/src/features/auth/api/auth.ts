import { routes } from '@shared/api/routes';
import type { LoginRequest, LoginResponse, Portal } from '@shared/api/schemas/auth';
import { callRouteAs } from '@web/lib/api-routes';
import type { StoredSession } from '@web/lib/session';

const loginRoutes = {
  admin: routes.adminLogin,
  partner: routes.partnerLogin,
  announcer: routes.announcerLogin,
} as const;

export function login(portal: Portal, credentials: LoginRequest): Promise<LoginResponse> {
  return callRouteAs<LoginResponse>(loginRoutes[portal], {}, { body: credentials });
}

/** POST with an empty body (spec section 7); the announcer has its own path. */
export function logout(session: StoredSession): Promise<unknown> {
  const route = session.userRole === 'announcer' ? routes.announcerLogout : routes.logout;
  return callRouteAs(route, { id: session.userId });
}
