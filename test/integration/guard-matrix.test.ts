import { beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, pathParamsOf, type RouteSpec } from '@shared/api/routes';
import { STAFF_ROLES, type Role } from '@shared/roles';
import type { StaffUser } from '../../functions/modules/staff';
import { ApiClient } from '../support/api';
import { aStaffUser, signedIn } from '../support/fixtures';

/**
 * Walks THE routing table, so every staff route added later is
 * covered with no extra code: 401 without a session, 403 for a role it does
 * not allow (and for a plain admin on super-admin routes), 403 for another
 * user's `{id}`.
 */
type Caller = 'admin' | 'superAdmin' | 'partner' | 'announcer';
const callers: Caller[] = ['admin', 'superAdmin', 'partner', 'announcer'];
const users = {} as Record<Caller, StaffUser>;
const clients = {} as Record<Caller, ApiClient>;

beforeAll(async () => {
  for (const caller of callers) {
    const role: Role = caller === 'superAdmin' ? 'admin' : caller;
    users[caller] = await aStaffUser(role, { superAdmin: caller === 'superAdmin' });
    clients[caller] = await signedIn(users[caller]);
  }
});

const staffRoutes = allRoutes.filter(([, spec]) => spec.access.kind === 'staff');

function pathFor(spec: RouteSpec, id: string): string {
  let path = spec.path;
  for (const name of pathParamsOf(spec)) path = path.replace(`:${name}`, name === 'id' ? id : 'guard-matrix-x');
  return path;
}

function allowed(spec: RouteSpec, caller: Caller): boolean {
  if (spec.access.kind !== 'staff') return true;
  const role: Role = caller === 'superAdmin' ? 'admin' : caller;
  if (!spec.access.roles.includes(role)) return false;
  return !spec.access.superAdmin || caller === 'superAdmin';
}

describe('guard matrix over the routing table', () => {
  it('covers at least the foundation staff routes', () => {
    expect(staffRoutes.map(([name]) => name)).toEqual(expect.arrayContaining(['me', 'logout', 'announcerLogout']));
    expect(STAFF_ROLES).toHaveLength(3);
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
