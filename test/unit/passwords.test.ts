import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from '../../functions/modules/staff/passwords';

/** A hash at 2^17 takes seconds of CPU on a loaded 2-core machine. */
const SCRYPT_TIMEOUT_MS = 60_000;

describe('passwords (scrypt, DESIGN section 7)', { timeout: SCRYPT_TIMEOUT_MS }, () => {
  // the test run's own stack sets LOCAL_STACK and TEST_SCRYPT_N in the environment every worker inherits
  beforeEach(() => {
    vi.stubEnv('LOCAL_STACK', '');
    vi.stubEnv('TEST_SCRYPT_N', '');
  });
  afterEach(() => vi.unstubAllEnvs());

  it('hashes at N=2^17, r=8, p=1 with a random salt and verifies', async () => {
    const [a, b] = await Promise.all([hashPassword('correct horse'), hashPassword('correct horse')]);
    expect(a.split('$').slice(0, 4)).toEqual(['scrypt', '131072', '8', '1']);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsE', a)).toBe(false);
  });

  it('refuses a malformed stored hash', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
  });

  describe('the lower cost of the local test stack (TEST_SCRYPT_N)', () => {
    const costOf = async () => (await hashPassword('correct horse')).split('$')[1];

    it('is ignored outside the local stack: a deployed function always hashes at 2^17', async () => {
      vi.stubEnv('LOCAL_STACK', '');
      vi.stubEnv('TEST_SCRYPT_N', '16384');
      expect(await costOf()).toBe('131072');
    });

    it('lowers the cost on the local stack, and the hash still verifies by the cost stored with it', async () => {
      vi.stubEnv('LOCAL_STACK', '1');
      vi.stubEnv('TEST_SCRYPT_N', '16384');
      const hash = await hashPassword('correct horse');
      expect(hash.split('$')[1]).toBe('16384');
      vi.stubEnv('TEST_SCRYPT_N', '');
      expect(await verifyPassword('correct horse', hash)).toBe(true);
      expect(await verifyPassword('wrong horse', hash)).toBe(false);
    });

    it.each([
      '262144',
      '10000',
      'many',
    ])('never raises the cost or takes a value that is not a power of two (%s)', async (value) => {
      vi.stubEnv('LOCAL_STACK', '1');
      vi.stubEnv('TEST_SCRYPT_N', value);
      expect(await costOf()).toBe('131072');
    });
  });
});
