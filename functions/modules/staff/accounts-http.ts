import { randomBytes, randomUUID } from 'node:crypto';
import type { AdminRecord } from '@shared/api/schemas/admins';
import { messages } from '@shared/messages';
import { actorOf, auditWrite } from '../audit';
import { hashPassword } from './passwords';
import { notFound } from '../../platform/errors';
import type { HttpApp } from '../../platform/http-app';
import { created } from '../../platform/http-responses';
import { adminSummary, setAdminPassword, setAdminState } from './store/admins';
import { createStaffUser, getUser, listUsersByRole, type StaffUser } from './store/users';

/**
 * Admin and super-admin accounts: super admins only. The
 * last active super admin cannot be disabled or demoted (functions/modules/staff/store/admins.ts).
 */
export function registerAccountRoutes(app: HttpApp<'accounts'>): void {
  app.on('listAdmins', async () => ({ Admins: (await listUsersByRole('admin')).map(adminRecord) }));

  app.on('createAdmin', async (request) => {
    const input = request.body;
    const id = randomUUID();
    const profile = {
      id,
      email: input.email,
      username: input.username,
      role: 'admin' as const,
      superAdmin: input.super_admin,
      support: input.support === true,
    };
    const admin = await createStaffUser(
      { ...profile, passwordHash: await hashPassword(input.password) },
      request.now,
      [],
      [
        auditWrite(
          { ...actorOf(request), action: 'admin.create', target: `admin:${id}`, after: adminSummary(profile) },
          request.now,
        ),
      ],
    );
    return created({ message: messages.admins.created, Admin: adminRecord(admin) });
  });

  app.on('updateAdmin', async (request) => {
    const input = request.body;
    const before = await adminOf(input.admin_id);
    const after = await setAdminState(
      before,
      {
        disabled: input.active === undefined ? before.disabled === true : !input.active,
        superAdmin: input.super_admin ?? before.superAdmin === true,
        support: input.support ?? before.support === true,
      },
      actorOf(request),
      request.now,
    );
    return { message: messages.admins.updated, Admin: adminRecord(after) };
  });

  /**
   * A random password made here and shown once, rather than one the super
   * admin types: it is never a reused or guessable one, and it is in no form
   * field or browser history (DESIGN section 7).
   */
  app.on('resetAdminPassword', async (request) => {
    const before = await adminOf(request.body.admin_id);
    const password = randomBytes(12).toString('base64url');
    const after = await setAdminPassword(before, await hashPassword(password), actorOf(request), request.now);
    return { message: messages.admins.passwordReset, Admin: adminRecord(after), TemporaryPassword: password };
  });
}

async function adminOf(id: string): Promise<StaffUser> {
  const user = await getUser(id);
  if (!user || user.role !== 'admin') throw notFound(messages.admins.notFound);
  return user;
}

function adminRecord(user: StaffUser): AdminRecord {
  return {
    ID: user.id,
    Username: user.username,
    Email: user.email,
    SuperAdmin: user.superAdmin === true,
    Support: user.support === true,
    Active: user.disabled !== true,
    CreatedAt: user.createdAt,
  };
}
