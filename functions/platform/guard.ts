import type { Access } from '@shared/api/access';
import type { Role } from '@shared/roles';
import { forbidden, notFound, unauthorized } from './errors';
import { config } from './config';

/** The signed-in staff member a request is from, as the guard needs it (modules/staff supplies the whole user). */
export interface Principal {
  id: string;
  role: Role;
  superAdmin?: boolean;
}

/**
 * The shared guard (DESIGN section 7): every staff route requires a
 * session (401), the right role and super-admin flag (403), and — for routes
 * with a path `{id}` — that the id is the session's own user (403).
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
      if (access.ownPathId && params.id !== user.id) throw forbidden();
      return;
  }
}

/** State-changing calls need `X-Requested-With` (DESIGN section 7); provider webhooks and USSD are exempt. */
export function needsCsrfHeader(access: Access, method: string): boolean {
  if (access.kind === 'webhook' || access.kind === 'ussd') return false;
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}
