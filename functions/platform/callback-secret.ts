import { createHash, randomBytes } from 'node:crypto';
import { sameSecret } from './secret-compare';

/**
 * The secret in a payment's or a transfer's callback URL (DESIGN section 7),
 * one rule for entries and payouts: 24 random bytes, base64url (32
 * characters); only its SHA-256 is stored, and a presented one is compared
 * with that hash in constant time.
 */

/** What a callback secret looks like in a URL: anything else is refused before any lookup. */
export const CALLBACK_SECRET_SHAPE = /^[A-Za-z0-9_-]{32}$/;

export function newCallbackSecret(): { secret: string; hash: string } {
  const secret = randomBytes(24).toString('base64url');
  return { secret, hash: hashCallbackSecret(secret) };
}

export function hashCallbackSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/** A presented secret against a stored hash (none stored: no match). */
export function callbackSecretMatches(secret: string, storedHash: string | undefined): boolean {
  return storedHash !== undefined && storedHash !== '' && sameSecret(hashCallbackSecret(secret), storedHash);
}
