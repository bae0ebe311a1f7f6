import type { Access } from '@shared/api/access';
import { hasSupport, type Role } from '@shared/roles';
import { forbidden, notFound, unauthorized } from './errors';
import { messages } from '@shared/messages';
import { config } from './config';

/** The signed-in staff member a request is from, as the guard needs it (modules/staff supplies the whole user). */
export interface Principal {
  id: string;
  role: Role;
  superAdmin?: boolean;
  /** An admin's support-desk permission (DESIGN section 7); a super admin has it anyway. */
  support?: boolean;
  /** A super admin reset the password: only routes open before the change are (DESIGN section 7). */
  mustChangePassword?: boolean;
}

/**
 * The shared guard (DESIGN section 7): every staff route requires a
 * session (401), the right role and super-admin flag (403), and — for routes
 * with a path `{id}` — that the id is the session's own user (403). A user
 * whose password a super admin reset reaches only the routes open before the
 * change (who am I, change it, log out): 403 saying so everywhere else.
 */
export function authorize(access: Access, user: Principal | undefined, params: Record<string, string>): void {
  switch (access.kind) {
    case 'public':
    case 'webhook':
    case 'ussd':
      return;
    case 'local':
      if (!config.isLocalStack()) throw notFound();
      return;
    case 'staff':
      if (!user) throw unauthorized();
      if (!access.roles.includes(user.role)) throw forbidden();
      if (access.superAdmin && !(user.role === 'admin' && user.superAdmin)) throw forbidden();
      if (access.support && !hasSupport(user)) throw forbidden();
      if (access.ownPathId && params.id !== user.id) throw forbidden();
      if (user.mustChangePassword === true && access.beforePasswordChange !== true)
        throw forbidden(messages.auth.mustChangePassword);
      return;
  }
}

/** State-changing calls need `X-Requested-With` (DESIGN section 7); provider webhooks and USSD are exempt. */
export function needsCsrfHeader(access: Access, method: string): boolean {
  if (access.kind === 'webhook' || access.kind === 'ussd') return false;
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}
