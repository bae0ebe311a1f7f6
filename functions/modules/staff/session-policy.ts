import { cookieToken, cookieTokenKey, newCookieToken, tokenCookie } from '../../platform/cookie-tokens';

/** DESIGN section 7: idle timeout 30 min, absolute 12 h. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** Refresh lastSeenAt at most this often, to keep reads from writing on every call. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

const SESSION_COOKIE = '__Host-session';

/** A new session id: 256 bits from the CSPRNG. Only its hash is stored. */
export function newSessionId(): string {
  return newCookieToken();
}

/** The stored key of a session id: a leaked table does not yield live sessions. */
export function sessionKeyOf(sessionId: string): string {
  return cookieTokenKey(sessionId);
}

export interface SessionTimes {
  createdAt: number;
  lastSeenAt: number;
}

export function sessionExpired(session: SessionTimes, nowMs: number): boolean {
  return nowMs - session.lastSeenAt > SESSION_IDLE_MS || nowMs - session.createdAt > SESSION_ABSOLUTE_MS;
}

export function sessionCookie(sessionId: string): string {
  return tokenCookie(SESSION_COOKIE, sessionId, SESSION_ABSOLUTE_MS / 1000);
}

export function clearedSessionCookie(): string {
  return tokenCookie(SESSION_COOKIE, '', 0);
}

/**
 * The device cookie (DESIGN section 7): a random 256-bit id given at a
 * successful sign-in and kept 90 days; the accounts signed in from it are
 * stored under its hash (modules/staff/store/known-devices.ts), so nobody can claim to be
 * a known device without having been one.
 */
const DEVICE_COOKIE = '__Host-device';
const DEVICE_MAX_AGE_S = 90 * 24 * 60 * 60;

export function deviceCookie(deviceId: string): string {
  return tokenCookie(DEVICE_COOKIE, deviceId, DEVICE_MAX_AGE_S);
}

/** The device id from a Cookie header or API Gateway v2 `cookies` list. */
export function deviceIdFromCookies(cookies: readonly string[] | string | undefined): string | undefined {
  return cookieToken(cookies, DEVICE_COOKIE);
}

/** The session id from a Cookie header or API Gateway v2 `cookies` list. */
export function sessionIdFromCookies(cookies: readonly string[] | string | undefined): string | undefined {
  return cookieToken(cookies, SESSION_COOKIE);
}
