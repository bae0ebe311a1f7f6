import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The per-payout secret in a transfer's callback URL (DESIGN section 7): 24
 * random bytes, base64url (32 characters); only its SHA-256 is stored.
 */
export function newCallbackSecret(): { secret: string; hash: string } {
  const secret = randomBytes(24).toString('base64url');
  return { secret, hash: hashCallbackSecret(secret) };
}

export function hashCallbackSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/** Constant-time comparison of a presented secret with a stored hash. */
export function callbackSecretMatches(secret: string, storedHash: string | undefined): boolean {
  if (!storedHash) return false;
  const left = Buffer.from(hashCallbackSecret(secret));
  const right = Buffer.from(storedHash);
  return left.length === right.length && timingSafeEqual(left, right);
}
