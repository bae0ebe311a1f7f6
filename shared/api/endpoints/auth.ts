import { ANNOUNCER_SELF, PUBLIC, SELF, SIGNED_IN } from '../access';
import { route, type RouteSpec } from '../route-spec';
import { loginRequest } from '../schemas/auth';

const login = { body: loginRequest } as const;

/** Staff sign-in and sessions (DESIGN section 7; spec section 7 "Authentication"). */
export const authEndpoints = {
  adminLogin: route('POST', '/api/v1/auth/admin/login', 'auth', PUBLIC, login),
  partnerLogin: route('POST', '/api/v1/auth/partner/login', 'auth', PUBLIC, login),
  announcerLogin: route('POST', '/api/v1/auth/announcer/login', 'auth', PUBLIC, login),
  me: route('GET', '/api/v1/auth/me', 'auth', SIGNED_IN),
  logout: route('POST', '/api/v1/:id/logout', 'auth', SELF),
  announcerLogout: route('POST', '/api/v1/:id/announcer/logout', 'auth', ANNOUNCER_SELF),
} as const satisfies Record<string, RouteSpec>;
