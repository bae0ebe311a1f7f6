/** Staff roles (DESIGN section 4). Super admin is a flag on an admin, not a role. */
export const STAFF_ROLES = ['admin', 'partner', 'announcer'] as const;
export type Role = (typeof STAFF_ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}
