import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The one constant-time comparison of presented secrets (DESIGN section 7):
 * callback URLs, USSD gateway keys, the origin-verify header. Both sides are
 * SHA-256'd first, so the buffers compared are always of equal length and
 * neither the time taken nor an early length check says how close a guess was.
 */

export type SecretDigest = Buffer;

export const secretDigest = (value: string): SecretDigest => createHash('sha256').update(value, 'utf8').digest();

/** Two digests from secretDigest, compared in constant time. */
export const sameDigest = (a: SecretDigest, b: SecretDigest): boolean => a.length === b.length && timingSafeEqual(a, b);

/** A presented secret against the expected one, in constant time. */
export const sameSecret = (given: string, expected: string): boolean =>
  sameDigest(secretDigest(given), secretDigest(expected));
