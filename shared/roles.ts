/**
 * Staff roles (DESIGN section 4). Super admin is a flag on an admin, not a role.
 * `regulator` (DESIGN section 7): read-only, its own sign-in, created by a super admin.
 */
export const STAFF_ROLES = ['admin', 'partner', 'announcer', 'regulator'] as const;
export type Role = (typeof STAFF_ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Whether a staff user may use the support desk (DESIGN section 7): an admin with the `support` permission, or any super admin. */
export const hasSupport = (user: { role: string; superAdmin?: boolean; support?: boolean }): boolean =>
  user.role === 'admin' && (user.superAdmin === true || user.support === true);
