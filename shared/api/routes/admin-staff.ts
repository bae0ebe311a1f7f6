import { SUPER_ADMIN_SELF } from '../access';
import { route, type RouteSpec } from '../route-spec';

/**
 * Partners, announcers and the audit log: super admins only, on
 * their own `{id}` (spec section 7 "Admin writes"; DESIGN section 5).
 */
export const adminStaffRoutes = {
  createPartner: route('POST', '/api/v1/admin/:id/create-partner', 'admin', SUPER_ADMIN_SELF),
  updatePartner: route('PUT', '/api/v1/admin/:id/list-partner/update', 'admin', SUPER_ADMIN_SELF),
  deletePartner: route('DELETE', '/api/v1/admin/:id/delete-partner', 'admin', SUPER_ADMIN_SELF),
  createAnnouncer: route('POST', '/api/v1/admin/:id/create-announcer', 'admin', SUPER_ADMIN_SELF),
  updateAnnouncer: route('PUT', '/api/v1/admin/:id/list-announcer/update', 'admin', SUPER_ADMIN_SELF),
  deleteAnnouncer: route('DELETE', '/api/v1/admin/:id/delete-announcer', 'admin', SUPER_ADMIN_SELF),
  checkInAnnouncer: route('PUT', '/api/v1/admin/:id/checkin', 'admin', SUPER_ADMIN_SELF),
  checkOutAnnouncer: route('PUT', '/api/v1/admin/:id/checkout', 'admin', SUPER_ADMIN_SELF),
  /** The audit log, newest first; query `limit` (1–100, default 50) and `cursor`. */
  auditLog: route('GET', '/api/v1/admin/:id/audit-log', 'admin', SUPER_ADMIN_SELF),
} as const satisfies Record<string, RouteSpec>;
