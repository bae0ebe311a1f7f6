import { beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, pathParamsOf, routes, type RouteSpec } from '@shared/api/routes';
import { STAFF_ROLES, type Role } from '@shared/roles';
import type { StaffUser } from '../../functions/modules/staff';
import { ApiClient } from '../support/api';
import { messages } from '@shared/messages';
import { aStaffUser, fixtureSuperAdmin, signedIn } from '../support/fixtures';

/**
 * Walks THE routing table, so every staff route added later is
 * covered with no extra code: 401 without a session, 403 for a role it does
 * not allow (and for a plain admin on super-admin routes), 403 for another
 * user's `{id}`; and 403 for every route not open before the change to a
 * super admin whose password was reset (DESIGN section 7). The regulator
 * is a caller like the others: read-only, it reaches no write route but
 * ending its own session, and its window refuses every other role.
 */
type Caller = 'admin' | 'support' | 'superAdmin' | 'partner' | 'announcer' | 'regulator';
const callers: Caller[] = ['admin', 'support', 'superAdmin', 'partner', 'announcer', 'regulator'];
const users = {} as Record<Caller, StaffUser>;
const clients = {} as Record<Caller, ApiClient>;
/** A super admin signed in with the temporary password a reset gave: must change it first. */
let pending: { user: StaffUser; client: ApiClient };

beforeAll(async () => {
  for (const caller of callers) {
    const role: Role = caller === 'superAdmin' || caller === 'support' ? 'admin' : caller;
    users[caller] = await aStaffUser(role, { superAdmin: caller === 'superAdmin', support: caller === 'support' });
    clients[caller] = await signedIn(users[caller]);
  }
  const { user: boss, client: bossClient } = await fixtureSuperAdmin();
  const user = await aStaffUser('admin', { superAdmin: true });
  const reset = await bossClient.call(routes.resetAdminPassword, { id: boss.id }, { admin_id: user.id });
  const client = new ApiClient();
  await client.call(routes.adminLogin, {}, { email: user.email, password: reset.body.TemporaryPassword });
  pending = { user, client };
});

const staffRoutes = allRoutes.filter(([, spec]) => spec.access.kind === 'staff');

function pathFor(spec: RouteSpec, id: string): string {
  let path = spec.path;
  for (const name of pathParamsOf(spec)) path = path.replace(`:${name}`, name === 'id' ? id : 'guard-matrix-x');
  return path;
}

function allowed(spec: RouteSpec, caller: Caller): boolean {
  if (spec.access.kind !== 'staff') return true;
  const role: Role = caller === 'superAdmin' || caller === 'support' ? 'admin' : caller;
  if (!spec.access.roles.includes(role)) return false;
  // the support desk: an admin with the `support` permission, and every super admin (DESIGN section 7)
  if (spec.access.support && caller !== 'support' && caller !== 'superAdmin') return false;
  return !spec.access.superAdmin || caller === 'superAdmin';
}

describe('guard matrix over the routing table', () => {
  it('refuses the support desk to a plain admin and opens it to an admin with `support` and to super admins', async () => {
    const desk = staffRoutes.filter(([, spec]) => spec.access.kind === 'staff' && spec.access.support);
    expect(desk.map(([name]) => name)).toEqual(
      expect.arrayContaining(['supportPlayer', 'supportRefund', 'supportResendSms', 'resendSms', 'exportComplaints']),
    );
    const lookUp = (caller: Caller) =>
      clients[caller].request('GET', `/api/v1/admin/${users[caller].id}/support/player?by=mobile&q=0886000000`, {});
    // allowed: a number's story, empty or not
    expect((await lookUp('support')).status).toBe(200);
    expect((await lookUp('superAdmin')).status).toBe(200);
    const plain = await lookUp('admin');
    expect(plain.status).toBe(403);
  });

  it('keeps voiding a winner for cause to super admins (issue 36): every other caller is refused', async () => {
    const spec = routes.voidWinner;
    for (const caller of callers) expect(allowed(spec, caller), caller).toBe(caller === 'superAdmin');
    const body = { draw_id: 'guard-matrix-w1', reason: 'staff-member', note: 'guard matrix' };
    for (const caller of ['admin', 'support', 'regulator'] as const) {
      const answer = await clients[caller].request(spec.method, pathFor(spec, users[caller].id), body);
      expect(answer.status, caller).toBe(403);
    }
    // a super admin passes the guard: an unknown draw is its handler's 404
    const own = await clients.superAdmin.request(spec.method, pathFor(spec, users.superAdmin.id), body);
    expect(own.status).toBe(404);
  });

  it('covers at least the foundation staff routes', () => {
    expect(staffRoutes.map(([name]) => name)).toEqual(
      expect.arrayContaining(['me', 'logout', 'announcerLogout', 'changePassword']),
    );
    // the site content's routes (issue 35 item 7): super admins only, as the settings
    const site = ['listAnnouncements', 'createAnnouncement', 'updateAnnouncement', 'deleteAnnouncement'];
    expect(staffRoutes.map(([name]) => name)).toEqual(expect.arrayContaining([...site, 'getContact', 'updateContact']));
    expect(
      staffRoutes
        .filter(([name]) => [...site, 'getContact', 'updateContact'].includes(name))
        .every(([, spec]) => allowed(spec, 'superAdmin') && !allowed(spec, 'admin')),
    ).toBe(true);
    expect(STAFF_ROLES).toHaveLength(4);
  });

  it('lets a regulator write nothing but its own logout, and keeps its window to regulators', () => {
    const regulatorMay = staffRoutes.filter(([, spec]) => allowed(spec, 'regulator'));
    const writes = regulatorMay.filter(([, spec]) => spec.method !== 'GET');
    expect(writes.map(([name]) => name)).toEqual(['logout']);
    // the window: at least its live figures, sealed days, export and feed; each one no other role reaches
    const window = regulatorMay.filter(([name]) => name !== 'me' && name !== 'logout');
    expect(window.map(([name]) => name)).toEqual(
      expect.arrayContaining(['regulatorLive', 'regulatorSealed', 'regulatorExport', 'regulatorFeed']),
    );
    for (const [, spec] of window) {
      for (const caller of callers) if (caller !== 'regulator') expect(allowed(spec, caller)).toBe(false);
    }
  });

  it('leaves exactly who-am-I, the change and logout open before a forced change', async () => {
    const open = staffRoutes.filter(([, spec]) => spec.access.kind === 'staff' && spec.access.beforePasswordChange);
    expect(open.map(([name]) => name).sort()).toEqual(['announcerLogout', 'changePassword', 'logout', 'me']);
    expect((await pending.client.call(routes.me)).body.user).toMatchObject({ must_change_password: true });
  });

  for (const [name, spec] of staffRoutes) {
    describe(`${name} (${spec.method} ${spec.path})`, () => {
      it('answers 401 {error} without a session', async () => {
        const response = await new ApiClient().request(spec.method, pathFor(spec, users.admin.id), {});
        expect(response.status).toBe(401);
        expect(typeof response.body.error).toBe('string');
      });

      for (const caller of callers) {
        if (allowed(spec, caller)) continue;
        it(`answers 403 to a ${caller}`, async () => {
          const response = await clients[caller].request(spec.method, pathFor(spec, users[caller].id), {});
          expect(response.status).toBe(403);
          expect(typeof response.body.error).toBe('string');
        });
      }

      if (spec.access.kind === 'staff' && spec.access.beforePasswordChange !== true) {
        it('answers 403 to a super admin who must change a reset password first', async () => {
          const response = await pending.client.request(spec.method, pathFor(spec, pending.user.id), {});
          expect(response.status).toBe(403);
          // a route a super admin may use says why; the others refuse the role as they always do
          if (allowed(spec, 'superAdmin')) expect(response.body).toEqual({ error: messages.auth.mustChangePassword });
          else expect(typeof response.body.error).toBe('string');
        });
      }

      if (spec.access.kind === 'staff' && spec.access.ownPathId) {
        const caller = callers.find((c) => allowed(spec, c))!;
        it(`answers 403 to a ${caller} using another user's {id}`, async () => {
          const other = callers.find((c) => c !== caller)!;
          const response = await clients[caller].request(spec.method, pathFor(spec, users[other].id), {});
          expect(response.status).toBe(403);
        });
      }
    });
  }
});
