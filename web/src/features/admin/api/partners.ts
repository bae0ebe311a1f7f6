/**
 * Partner management calls (spec section 7 "Admin writes"; DESIGN section 5):
 * bodies in the spec's field names, `{id}` the signed-in admin's own id.
 */
import { routes } from '@shared/api/routes';
import type { CreatePartnerRequest, PartnerRecord, UpdatePartnerRequest } from '@shared/api/schemas/staff';
import { callRouteAs } from '@web/lib/api-routes';

export interface PartnerAnswer {
  message: string;
  Partner: PartnerRecord;
}

export const createPartner = (adminId: string, body: CreatePartnerRequest) =>
  callRouteAs<PartnerAnswer>(routes.createPartner, { id: adminId }, { body });

export const updatePartner = (adminId: string, body: UpdatePartnerRequest) =>
  callRouteAs<PartnerAnswer>(routes.updatePartner, { id: adminId }, { body });

export const deletePartner = (adminId: string, searchString: string) =>
  callRouteAs<{ message: string }>(routes.deletePartner, { id: adminId }, { body: { search_string: searchString } });
