/**
 * Announcer management calls (spec section 7 "Admin writes"; DESIGN section 5):
 * bodies in the spec's field names, `{id}` the signed-in admin's own id.
 */
import { adminStaffRoutes as routes } from '@shared/api/routes/admin-staff';
import type { CreateAnnouncerRequest, UpdateAnnouncerRequest } from '@shared/api/schemas/staff';
import { callRoute } from '@web/lib/api-routes';

export const createAnnouncer = (adminId: string, body: CreateAnnouncerRequest) =>
  callRoute(routes.createAnnouncer, { id: adminId }, { body });

export const updateAnnouncer = (adminId: string, body: UpdateAnnouncerRequest) =>
  callRoute(routes.updateAnnouncer, { id: adminId }, { body });

export const deleteAnnouncer = (adminId: string, searchString: string) =>
  callRoute(routes.deleteAnnouncer, { id: adminId }, { body: { search_string: searchString } });

export const checkInAnnouncer = (adminId: string, searchString: string) =>
  callRoute(routes.checkInAnnouncer, { id: adminId }, { body: { search_string: searchString } });

export const checkOutAnnouncer = (adminId: string, searchString: string) =>
  callRoute(routes.checkOutAnnouncer, { id: adminId }, { body: { search_string: searchString } });
