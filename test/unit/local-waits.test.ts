import { afterEach, describe, expect, it, vi } from 'vitest';
import { config } from '../../functions/platform/config';

/**
 * The waits a local bench shortens (README "Configuration": PAYMENT_EXPIRY_MS,
 * UNPAID_RECHECK_MS, SMS_HOLD_RETRY_MS) are read only on the local stack: a
 * deployed stage keeps the product's own, whatever its environment says.
 */
describe('config.localMs', () => {
  afterEach(() => vi.unstubAllEnvs());

  it("takes the environment's value on the local stack only", () => {
    vi.stubEnv('PAYMENT_EXPIRY_MS', '45000');
    vi.stubEnv('LOCAL_STACK', '');
    expect(config.localMs('PAYMENT_EXPIRY_MS', 900_000)).toBe(900_000);
    vi.stubEnv('LOCAL_STACK', '1');
    expect(config.localMs('PAYMENT_EXPIRY_MS', 900_000)).toBe(45_000);
  });

  it('keeps the default for a value that is not a whole number above zero', () => {
    vi.stubEnv('LOCAL_STACK', '1');
    for (const value of ['', '0', '-5', '1.5', 'soon']) {
      vi.stubEnv('SMS_HOLD_RETRY_MS', value);
      expect(config.localMs('SMS_HOLD_RETRY_MS', 600_000)).toBe(600_000);
    }
  });
});
