import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import type { AdminRecord } from '@shared/api/schemas/admins';
import type { AuditLine } from '@shared/api/schemas/staff';
import { messages } from '@shared/messages';
import type { StaffUser } from '../../functions/modules/staff';
import { ApiClient } from '../support/api';
import { aPlainAdmin, aSuperAdmin, signedIn, uniqueEmail } from '../support/fixtures';
import { startPrivateStack, type PrivateStack } from '../support/private-stack';

/**
 * Settings, Admins and Audit log: super admins create,
 * disable, enable and reset admins; the last active super admin cannot be
 * removed; every write has its audit line; the audit log filters on the server.
 *
 * The file runs on a private in-memory stack: "the last active super admin"
 * counts every super admin of the stack, and other files create their own on
 * the shared one.
 */

let stack: PrivateStack | undefined;
let boss: StaffUser;
let bossClient: ApiClient;

beforeAll(async () => {
  stack = await startPrivateStack({ webDist: false });
  boss = await aSuperAdmin();
  bossClient = await signedIn(boss);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const signIn = (email: string, password: string) => new ApiClient().call(routes.adminLogin, {}, { email, password });

async function signedInAs(email: string, password: string): Promise<ApiClient> {
  const client = new ApiClient();
  const response = await client.call(routes.adminLogin, {}, { email, password });
  expect(response.status).toBe(200);
  return client;
}

async function auditOf(query: Record<string, string>): Promise<AuditLine[]> {
  const page = await bossClient.request('GET', `/api/v1/admin/${boss.id}/audit-log?${new URLSearchParams(query)}`);
  expect(page.status).toBe(200);
  return page.body.items;
}

async function newAdmin(
  superAdmin: boolean,
  by: { user: StaffUser; client: ApiClient } = { user: boss, client: bossClient },
) {
  const email = uniqueEmail(superAdmin ? 'super' : 'admin');
  const created = await by.client.call(
    routes.createAdmin,
    { id: by.user.id },
    { username: `Admin ${email.slice(6, 14)}`, email, password: 'a-long-password-1', super_admin: superAdmin },
  );
  expect(created.status).toBe(201);
  return { email, record: created.body.Admin as AdminRecord };
}

describe('admin accounts', () => {
  it('refuses a plain admin every admin-account and settings route (403), and changes nothing', async () => {
    const plain = await aPlainAdmin();
    const client = await signedIn(plain);
    const before = (await bossClient.call(routes.listAdmins, { id: boss.id })).body.Admins.length;
    const calls = [
      await client.call(routes.listAdmins, { id: plain.id }),
      await client.call(
        routes.createAdmin,
        { id: plain.id },
        { username: 'x', email: uniqueEmail('x'), password: 'a-long-password-1', super_admin: true },
      ),
      await client.call(routes.updateAdmin, { id: plain.id }, { admin_id: boss.id, active: false }),
      await client.call(routes.resetAdminPassword, { id: plain.id }, { admin_id: boss.id }),
      await client.call(routes.getSettings, { id: plain.id }),
      await client.call(routes.auditLog, { id: plain.id }),
    ];
    expect(calls.map((c) => c.status)).toEqual([403, 403, 403, 403, 403, 403]);
    expect((await bossClient.call(routes.listAdmins, { id: boss.id })).body.Admins).toHaveLength(before);
    expect((await signedIn(boss)).sessionCookie).toBeDefined();
  });

  it('creates an admin who signs in; refuses a taken email (409) and a short password (400 naming it); audit-logged without the password', async () => {
    const { email, record } = await newAdmin(false);
    expect(record).toMatchObject({ Email: email, SuperAdmin: false, Active: true });
    const listed = (await bossClient.call(routes.listAdmins, { id: boss.id })).body.Admins as AdminRecord[];
    expect(listed.find((a) => a.ID === record.ID)).toEqual(record);
    await signedInAs(email, 'a-long-password-1');

    const taken = await bossClient.call(
      routes.createAdmin,
      { id: boss.id },
      { username: 'Again', email, password: 'a-long-password-1', super_admin: false },
    );
    expect(taken.status).toBe(409);
    expect(taken.body.fields).toEqual({ email: 'Already in use' });
    const short = await bossClient.call(
      routes.createAdmin,
      { id: boss.id },
      { username: 'Short', email: uniqueEmail('short'), password: 'short', super_admin: false },
    );
    expect(short.status).toBe(400);
    expect(short.body).toEqual({
      error: 'Password: at least 8 characters',
      fields: { password: 'Password: at least 8 characters' },
    });

    const [line] = await auditOf({ action: 'admin.create', target: record.ID });
    expect(line).toMatchObject({
      actorId: boss.id,
      target: `admin:${record.ID}`,
      after: { email, superAdmin: false, disabled: false },
    });
    expect(JSON.stringify(line)).not.toMatch(/password/i);
  });

  it('disables an admin: their session ends and they cannot sign in; enabled, they can again; each change audit-logged', async () => {
    const { email, record } = await newAdmin(false);
    const theirs = await signedInAs(email, 'a-long-password-1');
    expect((await theirs.call(routes.me)).status).toBe(200);

    const disabled = await bossClient.call(routes.updateAdmin, { id: boss.id }, { admin_id: record.ID, active: false });
    expect(disabled.status).toBe(200);
    expect(disabled.body.Admin).toMatchObject({ Active: false });
    expect((await theirs.call(routes.me)).status).toBe(401);
    const refused = await signIn(email, 'a-long-password-1');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(messages.admins.disabled);

    expect(
      (await bossClient.call(routes.updateAdmin, { id: boss.id }, { admin_id: record.ID, active: true })).status,
    ).toBe(200);
    await signedInAs(email, 'a-long-password-1');
    const lines = await auditOf({ target: record.ID, action: 'admin.' });
    expect(lines.map((l) => l.action)).toEqual(['admin.enable', 'admin.disable', 'admin.create']);
    expect(lines[1]).toMatchObject({ before: { disabled: false }, after: { disabled: true } });
  });

  it('gives an admin the support desk and takes it back: each change ends their session, opens or closes the desk, and is audit-logged', async () => {
    const { email, record } = await newAdmin(false);
    const deskPath = `/api/v1/admin/${record.ID}/support/player?by=mobile&q=0886000000`;
    const before = await signedInAs(email, 'a-long-password-1');
    expect((await before.request('GET', deskPath)).status).toBe(403);

    const granted = await bossClient.call(routes.updateAdmin, { id: boss.id }, { admin_id: record.ID, support: true });
    expect(granted.status).toBe(200);
    expect(granted.body.Admin).toMatchObject({ Support: true, SuperAdmin: false });
    // a permission change is a credential change (DESIGN section 7): the old session is dead
    expect((await before.call(routes.me)).status).toBe(401);
    const desk = await signedInAs(email, 'a-long-password-1');
    expect((await desk.call(routes.me)).body.user).toMatchObject({ support: true, super_admin: false });
    expect((await desk.request('GET', deskPath)).status).toBe(200);

    const taken = await bossClient.call(routes.updateAdmin, { id: boss.id }, { admin_id: record.ID, support: false });
    expect(taken.body.Admin).toMatchObject({ Support: false });
    expect((await desk.request('GET', deskPath)).status).toBe(401);
    const after = await signedInAs(email, 'a-long-password-1');
    expect((await after.request('GET', deskPath)).status).toBe(403);
    const lines = await auditOf({ target: record.ID, action: 'admin.' });
    expect(lines.map((l) => l.action)).toEqual(['admin.revoke-support', 'admin.grant-support', 'admin.create']);
  });

  it('resets a password to a new one shown once: the old password and the old session stop working', async () => {
    const { email, record } = await newAdmin(true);
    const theirs = await signedInAs(email, 'a-long-password-1');
    const reset = await bossClient.call(routes.resetAdminPassword, { id: boss.id }, { admin_id: record.ID });
    expect(reset.status).toBe(200);
    expect(reset.body.TemporaryPassword).toMatch(/^[\w-]{16}$/);
    expect((await theirs.call(routes.me)).status).toBe(401);
    expect((await signIn(email, 'a-long-password-1')).status).toBe(401);
    await signedInAs(email, reset.body.TemporaryPassword);
    expect(await auditOf({ target: record.ID, action: 'admin.reset-password' })).toHaveLength(1);
    expect(
      (await bossClient.call(routes.listAdmins, { id: boss.id })).body.Admins.find(
        (a: AdminRecord) => a.ID === record.ID,
      ),
    ).not.toHaveProperty('TemporaryPassword');
  });

  it('answers 404 for an unknown admin and 400 naming a bad field', async () => {
    const unknown = await bossClient.call(
      routes.updateAdmin,
      { id: boss.id },
      { admin_id: 'no-such-admin', active: false },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(messages.admins.notFound);
    const bad = await bossClient.call(routes.updateAdmin, { id: boss.id }, { admin_id: boss.id, active: 'no' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ active: 'Active must be true or false' });
  });
});

describe('the last active super admin', () => {
  it('of the last two super admins disabling themselves at the same moment, exactly one succeeds; the last can neither disable nor demote itself', async () => {
    // two fresh super admins, then every other active super admin of this private stack disabled: they are the last two
    const first = await newAdmin(true);
    const second = await newAdmin(true);
    const firstClient = await signedInAs(first.email, 'a-long-password-1');
    const secondClient = await signedInAs(second.email, 'a-long-password-1');
    const others = (
      (await firstClient.call(routes.listAdmins, { id: first.record.ID })).body.Admins as AdminRecord[]
    ).filter((a) => a.SuperAdmin && a.Active && a.ID !== first.record.ID && a.ID !== second.record.ID);
    for (const other of others) {
      expect(
        (await firstClient.call(routes.updateAdmin, { id: first.record.ID }, { admin_id: other.ID, active: false }))
          .status,
      ).toBe(200);
    }

    // each steps down at the same moment (each still signed in, so only the count can refuse one)
    const [byFirst, bySecond] = await Promise.all([
      firstClient.call(routes.updateAdmin, { id: first.record.ID }, { admin_id: first.record.ID, active: false }),
      secondClient.call(routes.updateAdmin, { id: second.record.ID }, { admin_id: second.record.ID, active: false }),
    ]);
    expect([byFirst.status, bySecond.status].sort()).toEqual([200, 409]);
    const loser = byFirst.status === 409 ? byFirst : bySecond;
    expect(loser.body.error).toBe(messages.admins.lastSuperAdmin);
    const [survivor, survivorClient] = byFirst.status === 409 ? [first, firstClient] : [second, secondClient];

    const admins = (await survivorClient.call(routes.listAdmins, { id: survivor.record.ID })).body
      .Admins as AdminRecord[];
    expect(admins.filter((a) => a.SuperAdmin && a.Active).map((a) => a.ID)).toEqual([survivor.record.ID]);

    for (const change of [{ active: false }, { super_admin: false }]) {
      const refused = await survivorClient.call(
        routes.updateAdmin,
        { id: survivor.record.ID },
        { admin_id: survivor.record.ID, ...change },
      );
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe(messages.admins.lastSuperAdmin);
    }
    expect((await survivorClient.call(routes.me)).status).toBe(200);

    // with a second super admin again, the first may step down
    const third = await newAdmin(true, { user: { id: survivor.record.ID } as StaffUser, client: survivorClient });
    expect(
      (
        await survivorClient.call(
          routes.updateAdmin,
          { id: survivor.record.ID },
          { admin_id: survivor.record.ID, super_admin: false },
        )
      ).status,
    ).toBe(200);
    const thirdClient = await signedInAs(third.email, 'a-long-password-1');
    for (const other of others) {
      expect(
        (await thirdClient.call(routes.updateAdmin, { id: third.record.ID }, { admin_id: other.ID, active: true }))
          .status,
      ).toBe(200);
    }
    // the file's own super admin was among the others: its session ended with the disable
    bossClient = await signedIn(boss);
  });
});

describe('settings versions and the audit-log filters', () => {
  it('answers a save without its version with a 400 that says so, and a stale one with a 409 that explains it', async () => {
    const current = (await bossClient.call(routes.getSettings, { id: boss.id })).body.Settings;
    const { version, ...withoutVersion } = current;
    const missing = await bossClient.call(routes.updateSettings, { id: boss.id }, withoutVersion);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      error: messages.settings.versionMissing,
      fields: { version: 'Required: the version of the settings you edited' },
    });

    const stale = await bossClient.call(routes.updateSettings, { id: boss.id }, { ...current, version: version + 5 });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe(messages.settings.stale);
    expect((await bossClient.call(routes.getSettings, { id: boss.id })).body.Settings).toEqual(current);
  });

  it('filters by actor, action, target and day on the server, newest first, a page at a time', async () => {
    const actor = await aSuperAdmin();
    const actorClient = await signedIn(actor);
    const made = [
      await newAdmin(false, { user: actor, client: actorClient }),
      await newAdmin(false, { user: actor, client: actorClient }),
    ];
    await actorClient.call(routes.updateAdmin, { id: actor.id }, { admin_id: made[0]!.record.ID, active: false });
    // other lines by another actor, interleaved
    await newAdmin(false);

    const byActor = await auditOf({ actor: actor.id });
    expect(byActor.map((l) => [l.action, l.target])).toEqual([
      ['admin.disable', `admin:${made[0]!.record.ID}`],
      ['admin.create', `admin:${made[1]!.record.ID}`],
      ['admin.create', `admin:${made[0]!.record.ID}`],
    ]);
    expect(await auditOf({ actor: actor.id, action: 'admin.create' })).toHaveLength(2);
    expect((await auditOf({ actor: actor.id, target: made[1]!.record.ID })).map((l) => l.action)).toEqual([
      'admin.create',
    ]);

    const today = new Date().toISOString().slice(0, 10);
    expect(await auditOf({ actor: actor.id, from: today, to: today })).toHaveLength(3);
    expect(await auditOf({ actor: actor.id, from: '2001-01-01', to: '2001-12-31' })).toEqual([]);

    // a page at a time: one line, then the next from its cursor
    const first = await bossClient.request('GET', `/api/v1/admin/${boss.id}/audit-log?actor=${actor.id}&limit=1`);
    const next = await bossClient.request(
      'GET',
      `/api/v1/admin/${boss.id}/audit-log?actor=${actor.id}&limit=1&cursor=${first.body.cursor}`,
    );
    expect([...first.body.items, ...next.body.items].map((l: AuditLine) => l.action)).toEqual([
      'admin.disable',
      'admin.create',
    ]);

    const backwards = await bossClient.request(
      'GET',
      `/api/v1/admin/${boss.id}/audit-log?from=2026-02-01&to=2026-01-01`,
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.error).toBe(messages.auditLog.badDate);
    const badDay = await bossClient.request('GET', `/api/v1/admin/${boss.id}/audit-log?from=yesterday`);
    expect(badDay.status).toBe(400);
    expect(badDay.body.fields).toEqual({ from: 'A day such as 2026-11-26' });
  });
});
