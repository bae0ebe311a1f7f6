import { describe, expect, it } from 'vitest';
import {
  CALLBACK_SECRET_SHAPE,
  callbackSecretMatches,
  hashCallbackSecret,
  newCallbackSecret,
} from '../../functions/platform/callback-secret';
import { sameDigest, sameSecret, secretDigest } from '../../functions/platform/secret-compare';

/** Callback secrets (DESIGN section 7): one rule for entries and payouts, one constant-time comparison for every presented secret. */
describe('callback secrets', () => {
  it('are 32 base64url characters, new each time, stored only as their hash', () => {
    const first = newCallbackSecret();
    const second = newCallbackSecret();
    expect(first.secret).toMatch(CALLBACK_SECRET_SHAPE);
    expect(first.secret).not.toBe(second.secret);
    expect(first.hash).toBe(hashCallbackSecret(first.secret));
    expect(first.hash).not.toContain(first.secret);
  });

  it('match their own stored hash only', () => {
    const { secret, hash } = newCallbackSecret();
    expect(callbackSecretMatches(secret, hash)).toBe(true);
    expect(callbackSecretMatches(newCallbackSecret().secret, hash)).toBe(false);
    expect(callbackSecretMatches(hash, hash)).toBe(false);
    expect(callbackSecretMatches(secret, undefined)).toBe(false);
    expect(callbackSecretMatches(secret, '')).toBe(false);
    expect(callbackSecretMatches(secret, 'short')).toBe(false);
  });

  it('refuse a URL secret of the wrong shape before any lookup', () => {
    for (const bad of ['', 'a'.repeat(31), 'a'.repeat(33), `${'a'.repeat(31)}=`, `${'a'.repeat(31)}/`])
      expect(CALLBACK_SECRET_SHAPE.test(bad), bad).toBe(false);
  });
});

describe('the constant-time secret comparison', () => {
  it('says equal only for the same secret, whatever the lengths', () => {
    expect(sameSecret('gateway-key-1', 'gateway-key-1')).toBe(true);
    expect(sameSecret('gateway-key-1', 'gateway-key-2')).toBe(false);
    expect(sameSecret('gateway-key', 'gateway-key-1')).toBe(false);
    expect(sameSecret('', 'gateway-key-1')).toBe(false);
    expect(sameDigest(secretDigest('x'), secretDigest('x'))).toBe(true);
    expect(sameDigest(secretDigest('x'), Buffer.from('x'))).toBe(false);
  });
});
