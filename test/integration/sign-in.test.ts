import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '@shared/api/routes';
import type { Portal } from '@shared/api/schemas/auth';
import { messages } from '@shared/messages';
import type { Role } from '@shared/roles';
import { recordSignInFailure, sessionKeyOf } from '../../functions/modules/staff';
import { main as unlockAdmin } from '../../scripts/unlock-admin';
import { ApiClient } from '../support/api';
import { aClientAddress } from '../support/play';
import { aStaffUser, aSuperAdmin, FIXTURE_PASSWORD, signedIn, uniqueEmail } from '../support/fixtures';
import { setSession } from '../support/stored-state';
import { sharedStack } from '../support/stack-target';

const execFileAsync = promisify(execFile);

/** Sign in at the admin portal from a given client address (trusted on the local stack). */
const signInFrom = (address: string, email: string, password: string) =>
  new ApiClient().call(
    routes.adminLogin,
    {},
    { email, password },
    { headers: { 'cloudfront-viewer-address': address } },
  );

const loginOf = {
  admin: routes.adminLogin,
  partner: routes.partnerLogin,
  announcer: routes.announcerLogin,
  regulator: routes.regulatorLogin,
};

/** Spec section 4 "Login" and DESIGN section 7: which portal signs in which role. */
const matrix: Array<[Portal, Role, boolean]> = [
  ['admin', 'admin', true],
  ['admin', 'partner', true],
  ['admin', 'announcer', true],
  ['partner', 'partner', true],
  ['partner', 'admin', false],
  ['partner', 'announcer', false],
  ['announcer', 'announcer', true],
  ['announcer', 'admin', false],
  ['announcer', 'partner', false],
  // the regulator's own sign-in (DESIGN section 7): no other portal lets it in, and it lets no one else in
  ['regulator', 'regulator', true],
  ['admin', 'regulator', false],
  ['partner', 'regulator', false],
  ['announcer', 'regulator', false],
  ['regulator', 'admin', false],
  ['regulator', 'partner', false],
  ['regulator', 'announcer', false],
];

describe('staff sign-in', () => {
  for (const [portal, role, accepted] of matrix) {
    it(`the ${portal} portal ${accepted ? 'signs in' : 'refuses'} a ${role}`, async () => {
      const user = await aStaffUser(role);
      const client = new ApiClient();
      const response = await client.call(loginOf[portal], {}, { email: user.email, password: FIXTURE_PASSWORD });
      if (accepted) {
        expect(response.status).toBe(200);
        expect(response.body).toEqual({
          user: { id: user.id, role, super_admin: false, username: user.username, email: user.email },
        });
        expect(client.sessionCookie).toBeDefined();
      } else {
        expect(response.status).toBe(403);
        expect(response.body.error).toBe(
          portal === 'admin' ? messages.generic.invalidUserRole : messages.generic.invalidUserRoleBang,
        );
        expect(client.sessionCookie).toBeUndefined();
      }
    });
  }

  it('reports super_admin for a super admin only', async () => {
    const superAdmin = await aSuperAdmin();
    const response = await new ApiClient().call(
      routes.adminLogin,
      {},
      { email: superAdmin.email, password: FIXTURE_PASSWORD },
    );
    expect(response.body.user.super_admin).toBe(true);
  });

  it('answers a wrong password and an unknown email with the same generic 401', async () => {
    const user = await aStaffUser('admin');
    const wrongPassword = await new ApiClient().call(
      routes.adminLogin,
      {},
      { email: user.email, password: 'not-the-password' },
    );
    const unknownEmail = await new ApiClient().call(
      routes.adminLogin,
      {},
      { email: uniqueEmail('nobody'), password: 'whatever-1' },
    );
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual({ error: messages.auth.badCredentials });
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it('matches the email case-insensitively', async () => {
    const user = await aStaffUser('partner');
    const response = await new ApiClient().call(
      routes.partnerLogin,
      {},
      { email: user.email.toUpperCase(), password: FIXTURE_PASSWORD },
    );
    expect(response.status).toBe(200);
  });

  it('locks an account after 5 failures in 15 minutes, even against the right password', async () => {
    const user = await aStaffUser('admin');
    const client = new ApiClient();
    const failures = await Promise.all(
      Array.from({ length: 5 }, () =>
        client.call(routes.adminLogin, {}, { email: user.email, password: 'wrong-password' }),
      ),
    );
    expect(failures.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    const locked = await client.call(routes.adminLogin, {}, { email: user.email, password: FIXTURE_PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body.error).toBe(messages.auth.locked);
    expect(client.sessionCookie).toBeUndefined();
  });

  it('does not lock after 4 failures, and a success clears the count', async () => {
    const user = await aStaffUser('admin');
    for (let i = 0; i < 4; i += 1) {
      await new ApiClient().call(routes.adminLogin, {}, { email: user.email, password: 'wrong-password' });
    }
    expect((await signedIn(user)).sessionCookie).toBeDefined();
    for (let i = 0; i < 4; i += 1) {
      await new ApiClient().call(routes.adminLogin, {}, { email: user.email, password: 'wrong-password' });
    }
    expect((await signedIn(user)).sessionCookie).toBeDefined();
  });

  it('an attacker failing from another address cannot keep the super admin out (DESIGN section 7)', async () => {
    const superAdmin = await aSuperAdmin();
    const attacker = aClientAddress();
    const attempts = await Promise.all(
      Array.from({ length: 12 }, () => signInFrom(attacker, superAdmin.email, 'wrong-password')),
    );
    expect(attempts.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    expect(attempts.filter((r) => r.status === 401).length).toBeGreaterThanOrEqual(5);
    const operator = await signInFrom(aClientAddress(), superAdmin.email, FIXTURE_PASSWORD);
    expect(operator.status).toBe(200);
    expect(operator.body.user.super_admin).toBe(true);
  });

  it('refuses the failing address, even with the right password, once it has failed 5 times on an account', async () => {
    const user = await aStaffUser('admin');
    const attacker = aClientAddress();
    for (let i = 0; i < 5; i += 1) expect((await signInFrom(attacker, user.email, 'wrong-password')).status).toBe(401);
    const refused = await signInFrom(attacker, user.email, FIXTURE_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: messages.auth.locked });
  });

  it('refuses an address that hammers wrong passwords across many accounts', async () => {
    const attacker = aClientAddress();
    const user = await aStaffUser('admin');
    // 49 failures counted as the sign-in route counts them (without 49 password hashes), then the 50th over HTTP
    const address = attacker.replace(/:\d+$/, '');
    await Promise.all(Array.from({ length: 49 }, () => recordSignInFailure(uniqueEmail('guess'), address, new Date())));
    expect((await signInFrom(attacker, uniqueEmail('guess'), 'wrong-password')).status).toBe(401);
    const refused = await signInFrom(attacker, user.email, FIXTURE_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: messages.auth.tooManyFromAddress });
    expect((await signInFrom(aClientAddress(), user.email, FIXTURE_PASSWORD)).status).toBe(200);
  });

  it('while an account is under attack, an address that failed on it waits before trying again; others do not', async () => {
    const user = await aStaffUser('admin');
    await Promise.all(Array.from({ length: 5 }, () => signInFrom(aClientAddress(), user.email, 'wrong-password')));
    const mistyped = aClientAddress();
    expect((await signInFrom(mistyped, user.email, 'wrong-password')).status).toBe(401);
    const slowed = await signInFrom(mistyped, user.email, FIXTURE_PASSWORD);
    expect(slowed.status).toBe(429);
    expect(slowed.body.error).toMatch(
      /^Too many failed sign-in attempts on this account\. Try again in \d+ seconds\.$/,
    );
    expect((await signInFrom(aClientAddress(), user.email, FIXTURE_PASSWORD)).status).toBe(200);
  });

  it('npm run unlock-admin lets a locked-out address sign in again', async () => {
    const superAdmin = await aSuperAdmin();
    const address = aClientAddress();
    for (let i = 0; i < 5; i += 1) await signInFrom(address, superAdmin.email, 'wrong-password');
    expect((await signInFrom(address, superAdmin.email, FIXTURE_PASSWORD)).status).toBe(429);
    // the script as `npm run unlock-admin` starts it (without npm's and npx's own start-up)
    const run = await execFileAsync(
      process.execPath,
      ['--import', 'tsx', 'scripts/unlock-admin.ts', superAdmin.email.toUpperCase()],
      {
        env: { ...process.env, TABLE_NAME: sharedStack().tableName, DYNAMODB_ENDPOINT: sharedStack().dynamoEndpoint },
      },
    );
    expect(run.stdout).toContain(`Unlocked ${superAdmin.email.toUpperCase()}`);
    expect((await signInFrom(address, superAdmin.email, FIXTURE_PASSWORD)).status).toBe(200);
  });

  it('unlock-admin refuses to run without an email or a table (exit status 2)', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(await unlockAdmin([])).toBe(2);
      expect(await unlockAdmin(['--', 'not-an-email'])).toBe(2);
      vi.stubEnv('TABLE_NAME', '');
      vi.stubEnv('DYNAMODB_ENDPOINT', '');
      expect(await unlockAdmin(['a@example.com'])).toBe(2);
      expect(printed.mock.calls.map(([line]) => String(line))).toEqual([
        expect.stringContaining('Usage: npm run unlock-admin'),
        expect.stringContaining('Usage: npm run unlock-admin'),
        expect.stringContaining('Set TABLE_NAME'),
      ]);
    } finally {
      vi.unstubAllEnvs();
      printed.mockRestore();
    }
  });

  it('sets the session cookie HttpOnly, Secure, SameSite=Strict, Path=/ with the __Host- prefix', async () => {
    const user = await aStaffUser('announcer');
    const response = await new ApiClient().call(
      routes.announcerLogin,
      {},
      { email: user.email, password: FIXTURE_PASSWORD },
    );
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('__Host-session='));
    expect(cookie).toMatch(/^__Host-session=[A-Za-z0-9_-]{43}; /);
    const attributes = cookie!.split('; ').slice(1);
    expect(attributes).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'Secure', 'SameSite=Strict']));
    expect(attributes.some((a) => a.startsWith('Domain='))).toBe(false);
    expect(response.text).not.toContain(cookie!.split(';')[0]!.split('=')[1]);
  });

  it('issues a new session id at every sign-in', async () => {
    const user = await aStaffUser('admin');
    const first = await signedIn(user);
    const second = await signedIn(user);
    expect(first.sessionCookie).not.toEqual(second.sessionCookie);
  });

  it('refuses a login without the CSRF header', async () => {
    const user = await aStaffUser('admin');
    const response = await new ApiClient().call(
      routes.adminLogin,
      {},
      { email: user.email, password: FIXTURE_PASSWORD },
      { csrf: false },
    );
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: messages.auth.csrf });
  });
});

describe('sessions', () => {
  it('GET /auth/me returns the session user, and 401 without a session', async () => {
    const user = await aStaffUser('partner');
    const client = await signedIn(user);
    const me = await client.call(routes.me);
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ id: user.id, role: 'partner' });
    expect((await new ApiClient().call(routes.me)).status).toBe(401);
  });

  it('logout deletes the session server-side: the old cookie no longer works', async () => {
    const user = await aStaffUser('admin');
    const client = await signedIn(user);
    const cookie = client.sessionCookie;
    const response = await client.call(routes.logout, { id: user.id });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()[0]).toContain('Max-Age=0');
    const replay = new ApiClient();
    replay.sessionCookie = cookie;
    expect((await replay.call(routes.me)).status).toBe(401);
  });

  it('the announcer logout route ends an announcer session', async () => {
    const user = await aStaffUser('announcer');
    const client = await signedIn(user);
    const cookie = client.sessionCookie;
    expect((await client.call(routes.announcerLogout, { id: user.id })).body).toEqual({
      message: messages.logout.success,
    });
    const replay = new ApiClient();
    replay.sessionCookie = cookie;
    expect((await replay.call(routes.me)).status).toBe(401);
  });

  it('logout needs the CSRF header (a cross-site form cannot sign a user out)', async () => {
    const user = await aStaffUser('admin');
    const client = await signedIn(user);
    expect((await client.call(routes.logout, { id: user.id }, undefined, { csrf: false })).status).toBe(403);
    expect((await client.call(routes.me)).status).toBe(200);
  });

  it('expires a session idle for over 30 minutes', async () => {
    const user = await aStaffUser('admin');
    const client = await signedIn(user);
    await backdateSession(client, { lastSeenAt: Date.now() - 31 * 60_000 });
    expect((await client.call(routes.me)).status).toBe(401);
  });

  it('keeps a session used within 30 minutes', async () => {
    const user = await aStaffUser('admin');
    const client = await signedIn(user);
    await backdateSession(client, { lastSeenAt: Date.now() - 29 * 60_000 });
    expect((await client.call(routes.me)).status).toBe(200);
  });

  it('expires a session 12 hours after sign-in however active', async () => {
    const user = await aStaffUser('admin');
    const client = await signedIn(user);
    await backdateSession(client, { createdAt: Date.now() - 12 * 3_600_000 - 1000, lastSeenAt: Date.now() - 1000 });
    expect((await client.call(routes.me)).status).toBe(401);
  });

  it('ignores a forged or malformed session cookie', async () => {
    const client = new ApiClient();
    client.sessionCookie = `__Host-session=${'A'.repeat(43)}`;
    expect((await client.call(routes.me)).status).toBe(401);
    client.sessionCookie = '__Host-session=../../etc';
    expect((await client.call(routes.me)).status).toBe(401);
  });
});

/** Move a live session's clock back (the table is the real one; only time is faked). */
async function backdateSession(client: ApiClient, times: { createdAt?: number; lastSeenAt?: number }) {
  const sessionId = client.sessionCookie!.split('=')[1]!;
  await setSession(sessionKeyOf(sessionId), times);
}
