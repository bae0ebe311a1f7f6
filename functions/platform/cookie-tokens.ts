import { createHash, randomBytes } from 'node:crypto';

/**
 * Bearer tokens held in cookies (DESIGN section 7): staff sessions and
 * devices (modules/staff), a player's My tickets session (modules/players).
 * 256 bits from the CSPRNG; only their hash is stored, so a leaked table
 * yields no live token. Never in a URL or web storage: HttpOnly cookies only.
 */

/** A new token: 256 bits, base64url (43 characters). */
export function newCookieToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored key of a token. */
export function cookieTokenKey(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** `name=token` for the whole site, HttpOnly, Secure, SameSite=Strict (a `__Host-` name demands Path=/ and Secure). */
export function tokenCookie(name: string, token: string, maxAgeSeconds: number): string {
  return `${name}=${token}; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=${maxAgeSeconds}`;
}

/** A cookie holding one of our tokens, from a Cookie header or API Gateway v2 `cookies` list; undefined when absent or not of that shape. */
export function cookieToken(cookies: readonly string[] | string | undefined, name: string): string | undefined {
  if (!cookies) return undefined;
  const parts = (Array.isArray(cookies) ? cookies.join(';') : (cookies as string)).split(';');
  for (const part of parts) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}
