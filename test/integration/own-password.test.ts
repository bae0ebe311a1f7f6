import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { messages } from '@shared/messages';
import { topicNames } from '@shared/topics';
import type { StaffUser } from '../../functions/modules/staff';
import { ApiClient } from '../support/api';
import { aStaffUser, aSuperAdmin, FIXTURE_PASSWORD, fixtureSuperAdmin, signedIn } from '../support/fixtures';
import { TopicClient } from '../support/ws';

/**
 * DESIGN section 7: "Staff change their own password (current one required;
 * their other sessions end); after a reset by a super admin the next sign-in
 * must change it." Real HTTP against the local stack, real sockets.
 */
const sockets: TopicClient[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

const NEW_PASSWORD = 'a-new-password-2';
const change = (client: ApiClient, current: string, next = NEW_PASSWORD, confirm = next) =>
  client.call(routes.changePassword, {}, { current_password: current, new_password: next, confirm_password: confirm });
const signIn = (user: Pick<StaffUser, 'email'>, password: string) =>
  new ApiClient().call(routes.adminLogin, {}, { email: user.email, password });
const closeOf = (socket: TopicClient, ms = 20_000) =>
  Promise.race([socket.closed, new Promise<string>((resolve) => setTimeout(() => resolve('still open'), ms))]);

describe('changing one’s own password', () => {
  it('refuses a wrong current password with a 400 naming the field, and nothing changes', async () => {
    const user = await aStaffUser('partner');
    const client = await signedIn(user);
    const wrong = await change(client, 'not-the-password');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      error: messages.account.currentPasswordWrong,
      fields: { current_password: messages.account.currentPasswordWrong },
    });
    expect((await client.call(routes.me)).status).toBe(200);
    expect((await signIn(user, FIXTURE_PASSWORD)).status).toBe(200);
    expect((await signIn(user, NEW_PASSWORD)).status).toBe(401);
  });

  it('names the field in each validation message and needs the CSRF header', async () => {
    const user = await aStaffUser('announcer');
    const client = await signedIn(user);
    const short = await change(client, FIXTURE_PASSWORD, 'short');
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('New password: at least 8 characters.');
    expect(short.body.fields).toMatchObject({ new_password: 'New password: at least 8 characters.' });
    const same = await change(client, FIXTURE_PASSWORD, FIXTURE_PASSWORD);
    expect(same.body).toMatchObject({ error: messages.account.newPasswordSame });
    const mismatch = await change(client, FIXTURE_PASSWORD, NEW_PASSWORD, 'another-password');
    expect(mismatch.body).toMatchObject({
      error: messages.account.confirmMismatch,
      fields: { confirm_password: messages.account.confirmMismatch },
    });
    const noCsrf = await client.call(
      routes.changePassword,
      {},
      { current_password: FIXTURE_PASSWORD, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
      { csrf: false },
    );
    expect(noCsrf.status).toBe(403);
    expect((await signIn(user, FIXTURE_PASSWORD)).status).toBe(200);
  });

  it('ends every other session of the user and closes its socket; this one goes on with a fresh cookie', async () => {
    const user = await aSuperAdmin();
    const here = await signedIn(user);
    const elsewhere = await signedIn(user);
    const socket = await TopicClient.connect(elsewhere.sessionCookie);
    sockets.push(socket);
    socket.subscribe(topicNames.adminPartners);
    await socket.waitFor((m) => m.topic === topicNames.adminPartners && m.event !== 'error');
    const oldCookie = here.sessionCookie;

    const answer = await change(here, FIXTURE_PASSWORD);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ message: messages.account.passwordChanged });

    expect(here.sessionCookie).not.toBe(oldCookie);
    expect((await here.call(routes.me)).body.user).toMatchObject({ id: user.id });
    expect((await here.call(routes.listAdmins, { id: user.id })).status).toBe(200);
    expect((await elsewhere.call(routes.me)).status).toBe(401);
    const stale = new ApiClient();
    stale.sessionCookie = oldCookie;
    expect((await stale.call(routes.me)).status).toBe(401);
    expect(await closeOf(socket)).not.toBe('still open');

    expect((await signIn(user, FIXTURE_PASSWORD)).status).toBe(401);
    expect((await signIn(user, NEW_PASSWORD)).status).toBe(200);
  });

  it('checks at most 5 of 30 parallel guesses of the current password, as a sign-in', async () => {
    const user = await aStaffUser('partner');
    const client = await signedIn(user);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => change(client, `guess-number-${i}`)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(25);
    // even the right one waits out the lock; the password is unchanged
    expect((await change(client, FIXTURE_PASSWORD)).status).toBe(429);
    expect((await client.call(routes.me)).status).toBe(200);
  });
});

describe('the forced change after a super admin’s reset', () => {
  it('signs in, but answers 403 everywhere except me, the change and logout until the password is changed', async () => {
    const { user: boss, client: bossClient } = await fixtureSuperAdmin();
    const admin = await aSuperAdmin();
    const reset = await bossClient.call(routes.resetAdminPassword, { id: boss.id }, { admin_id: admin.id });
    expect(reset.status).toBe(200);
    const temporary = reset.body.TemporaryPassword as string;

    const client = new ApiClient();
    const login = await client.call(routes.adminLogin, {}, { email: admin.email, password: temporary });
    expect(login.status).toBe(200);
    expect(login.body.user.must_change_password).toBe(true);
    expect((await client.call(routes.me)).body.user.must_change_password).toBe(true);

    const refused = await client.call(routes.listAdmins, { id: admin.id });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: messages.auth.mustChangePassword });
    const created = await client.call(
      routes.createPartner,
      { id: admin.id },
      {
        username: 'Never',
        email: 'never@test.example',
        password: 'a-long-password',
        search_string: 'NEVER-1',
        mobile_money_number: '0770000001',
      },
    );
    expect(created.status).toBe(403);

    // no live data either: a subscribe is refused
    const socket = await TopicClient.connect(client.sessionCookie);
    sockets.push(socket);
    socket.subscribe(topicNames.adminPartners);
    const answer = await socket.waitFor((m) => m.topic === topicNames.adminPartners);
    expect(answer.event).toBe('error');

    expect((await change(client, temporary)).status).toBe(200);
    expect((await client.call(routes.me)).body.user.must_change_password).toBeUndefined();
    expect((await client.call(routes.listAdmins, { id: admin.id })).status).toBe(200);
    expect((await signIn(admin, NEW_PASSWORD)).body.user.must_change_password).toBeUndefined();
  });
});
