import type { Role } from '@shared/roles';

/** The Account screen (change own password), the same for every staff role (DESIGN section 7). */
export const ACCOUNT_PATH = '/v1/account';

const id = (value: string) => encodeURIComponent(value);

/** Each role's home after sign-in (spec section 4, "Login"). */
export const homeOf = {
  admin: (userId: string) => `/v1/admin/${id(userId)}/overview`,
  partner: (userId: string) => `/v1/partner/${id(userId)}/dashboard`,
  announcer: (userId: string) => `/v1/announcer/${id(userId)}/dashboard`,
  // under the Account path: the home page's router holds no route of its own for it (DESIGN section 9)
  regulator: (userId: string) => `${ACCOUNT_PATH}/regulator/${id(userId)}`,
} as const satisfies Record<Role, (userId: string) => string>;

/** How a signed-in account is named to its user: the menu's labels (spec section 2 "Header pieces"). */
export const roleLabel = (user: { role: string; super_admin?: boolean }): string =>
  user.role === 'admin'
    ? user.super_admin
      ? 'Super admin'
      : 'Administrator'
    : user.role === 'partner'
      ? 'Partner'
      : user.role === 'announcer'
        ? 'Announcer'
        : user.role === 'regulator'
          ? 'Regulator'
          : user.role;
