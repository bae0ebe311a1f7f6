import { describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { messages } from '@shared/messages';
import { ApiClient } from '../support/api';
import { aSuperAdmin, FIXTURE_PASSWORD, uniqueEmail } from '../support/fixtures';
import { aClientAddress } from '../support/play';

/**
 * DESIGN section 7: "Login attempts are reserved atomically before the
 * password is checked (parallel guesses count). A correct password from a
 * device that has signed in before … is never refused by a per-address
 * count, so nobody sharing the operator's carrier NAT can lock the operator
 * out." Each test speaks from its own client address (trusted on the local stack).
 */
const from = (address: string) => ({ headers: { 'cloudfront-viewer-address': address } });

describe('sign-in throttling under concurrency and shared addresses', () => {
  it('checks at most 5 of 30 parallel wrong passwords for one account from one address', async () => {
    const user = await aSuperAdmin();
    const address = aClientAddress();

    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        new ApiClient().call(routes.adminLogin, {}, { email: user.email, password: 'wrong-password' }, from(address)),
      ),
    );

    const statuses = answers.map((answer) => answer.status);
    // a 401 is an answer after scrypt; a 429 was refused before it
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(25);
    expect(new Set(answers.filter((a) => a.status === 401).map((a) => a.body.error))).toEqual(
      new Set([messages.auth.badCredentials]),
    );
  });

  it('never refuses the operator on a device that signed in before, after strangers on the same address filled its count', async () => {
    const operator = await aSuperAdmin();
    const shared = aClientAddress();
    const browser = new ApiClient();
    const first = await browser.call(
      routes.adminLogin,
      {},
      { email: operator.email, password: FIXTURE_PASSWORD },
      from(shared),
    );
    expect(first.status).toBe(200);
    expect(browser.deviceCookie).toBeDefined();

    // 52 wrong sign-ins with made-up emails from the shared carrier address, and 5 against the operator's own
    const wrong = (email: string) =>
      new ApiClient().call(routes.adminLogin, {}, { email, password: 'nope' }, from(shared));
    await Promise.all(Array.from({ length: 52 }, () => wrong(uniqueEmail('guess'))));
    await Promise.all(Array.from({ length: 5 }, () => wrong(operator.email)));
    const stranger = await new ApiClient().call(
      routes.adminLogin,
      {},
      { email: operator.email, password: FIXTURE_PASSWORD },
      from(shared),
    );
    expect(stranger.status).toBe(429);

    const again = await browser.call(
      routes.adminLogin,
      {},
      { email: operator.email, password: FIXTURE_PASSWORD },
      from(shared),
    );
    expect(again.status, again.text).toBe(200);
    expect(again.body.user.super_admin).toBe(true);
    // 59 sign-ins, each a password hash on the stack: over a minute once on a loaded 2-core CI machine
  }, 150_000);

  it('a forged device cookie counts as no device', async () => {
    const operator = await aSuperAdmin();
    const shared = aClientAddress();
    for (let i = 0; i < 5; i += 1) {
      await new ApiClient().call(routes.adminLogin, {}, { email: operator.email, password: 'nope' }, from(shared));
    }
    const forger = new ApiClient();
    forger.deviceCookie = `__Host-device=${'A'.repeat(43)}`;
    const refused = await forger.call(
      routes.adminLogin,
      {},
      { email: operator.email, password: FIXTURE_PASSWORD },
      from(shared),
    );
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: messages.auth.locked });
  });
});
