import { describe, expect, it } from 'vitest';
import {
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  newSessionId,
  sessionCookie,
  sessionExpired,
  sessionIdFromCookies,
  sessionKeyOf,
} from '../../functions/modules/staff/session-policy';

describe('session policy (DESIGN section 7)', () => {
  it('makes 256-bit ids and stores only their hash', () => {
    const id = newSessionId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newSessionId()).not.toBe(id);
    expect(sessionKeyOf(id)).not.toContain(id);
    expect(sessionKeyOf(id)).toBe(sessionKeyOf(id));
  });

  it('expires on 30 minutes idle or 12 hours absolute', () => {
    const t = 1_000_000_000_000;
    expect(sessionExpired({ createdAt: t, lastSeenAt: t }, t + SESSION_IDLE_MS)).toBe(false);
    expect(sessionExpired({ createdAt: t, lastSeenAt: t }, t + SESSION_IDLE_MS + 1)).toBe(true);
    expect(sessionExpired({ createdAt: t, lastSeenAt: t + SESSION_ABSOLUTE_MS }, t + SESSION_ABSOLUTE_MS + 1)).toBe(
      true,
    );
  });

  it('reads the session cookie among others and refuses malformed values', () => {
    const id = newSessionId();
    expect(sessionIdFromCookies(`a=1; __Host-session=${id}; b=2`)).toBe(id);
    expect(sessionIdFromCookies(['a=1', `__Host-session=${id}`])).toBe(id);
    expect(sessionIdFromCookies('__Host-session=short')).toBeUndefined();
    expect(sessionIdFromCookies(`session=${id}`)).toBeUndefined();
    expect(sessionIdFromCookies(undefined)).toBeUndefined();
  });

  it('writes a cookie with no comma (API Gateway splits Set-Cookie on commas)', () => {
    expect(sessionCookie(newSessionId())).not.toContain(',');
  });
});
