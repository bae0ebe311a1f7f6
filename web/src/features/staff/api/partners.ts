/**
 * Partner management calls (spec section 7 "Admin writes"; DESIGN section 5):
 * bodies in the spec's field names, `{id}` the signed-in admin's own id.
 */
import { adminStaffRoutes as routes } from '@shared/api/routes/admin-staff';
import type { CreatePartnerRequest, UpdatePartnerRequest } from '@shared/api/schemas/staff';
import { callRoute } from '@web/lib/api-routes';

export const createPartner = (adminId: string, body: CreatePartnerRequest) =>
  callRoute(routes.createPartner, { id: adminId }, { body });

export const updatePartner = (adminId: string, body: UpdatePartnerRequest) =>
  callRoute(routes.updatePartner, { id: adminId }, { body });

export const deletePartner = (adminId: string, searchString: string) =>
  callRoute(routes.deletePartner, { id: adminId }, { body: { search_string: searchString } });
