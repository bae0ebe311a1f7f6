import { SUPER_ADMIN_SELF } from '../access';
import { route, type RouteSpec } from '../route-spec';
import {
  adminIdRequest,
  createAdminRequest,
  createRegulatorRequest,
  updateAdminRequest,
  updateRegulatorRequest,
} from '../schemas/admins';

/**
 * Admin and super-admin accounts: super admins only, on
 * their own `{id}`. A Lambda of their own ('accounts'): the admin bundle is
 * at its size budget (DESIGN section 9).
 */
export const adminAccountEndpoints = {
  listAdmins: route('GET', '/api/v1/admin/:id/admins', 'accounts', SUPER_ADMIN_SELF),
  createAdmin: route('POST', '/api/v1/admin/:id/admins', 'accounts', SUPER_ADMIN_SELF, {
    body: createAdminRequest,
  }),
  /** Disable or enable, promote or demote: `{admin_id, active?, super_admin?}`. */
  updateAdmin: route('PUT', '/api/v1/admin/:id/admins/update', 'accounts', SUPER_ADMIN_SELF, {
    body: updateAdminRequest,
  }),
  /** A new random password, shown once in the answer; the admin's sessions end. */
  resetAdminPassword: route('PUT', '/api/v1/admin/:id/admins/reset-password', 'accounts', SUPER_ADMIN_SELF, {
    body: adminIdRequest,
  }),
  /** Regulator accounts (DESIGN section 7): a super admin creates them; the regulator signs in at its own portal. */
  listRegulators: route('GET', '/api/v1/admin/:id/regulators', 'accounts', SUPER_ADMIN_SELF),
  createRegulator: route('POST', '/api/v1/admin/:id/regulators', 'accounts', SUPER_ADMIN_SELF, {
    body: createRegulatorRequest,
  }),
  /** Disable or enable: a disabled regulator's sessions end at once. */
  updateRegulator: route('PUT', '/api/v1/admin/:id/regulators/update', 'accounts', SUPER_ADMIN_SELF, {
    body: updateRegulatorRequest,
  }),
} as const satisfies Record<string, RouteSpec>;
