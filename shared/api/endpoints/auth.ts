import { ACCOUNT, ANNOUNCER_LOGOUT, PUBLIC, SELF_LOGOUT, WHO_AM_I } from '../access';
import { route, type RouteSpec } from '../route-spec';
import { changePasswordRequest, loginRequest } from '../schemas/auth';

const login = { body: loginRequest } as const;

/** Staff sign-in and sessions (DESIGN section 7; spec section 7 "Authentication"). */
export const authEndpoints = {
  adminLogin: route('POST', '/api/v1/auth/admin/login', 'auth', PUBLIC, login),
  partnerLogin: route('POST', '/api/v1/auth/partner/login', 'auth', PUBLIC, login),
  announcerLogin: route('POST', '/api/v1/auth/announcer/login', 'auth', PUBLIC, login),
  /** The regulator's own sign-in (DESIGN section 7): every session it starts is audit-logged. */
  regulatorLogin: route('POST', '/api/v1/auth/regulator/login', 'auth', PUBLIC, login),
  me: route('GET', '/api/v1/auth/me', 'auth', WHO_AM_I),
  /** A staff user's own password (DESIGN section 7); throttled as a sign-in against guessing the current one. */
  changePassword: route('POST', '/api/v1/auth/password', 'auth', ACCOUNT, { body: changePasswordRequest }),
  logout: route('POST', '/api/v1/:id/logout', 'auth', SELF_LOGOUT),
  announcerLogout: route('POST', '/api/v1/:id/announcer/logout', 'auth', ANNOUNCER_LOGOUT),
} as const satisfies Record<string, RouteSpec>;
