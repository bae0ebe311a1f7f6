/**
 * Announcer management calls (spec section 7 "Admin writes"; DESIGN section 5):
 * bodies in the spec's field names, `{id}` the signed-in admin's own id.
 */
import { routes } from '@shared/api/routes';
import type { AnnouncerRecord, CreateAnnouncerRequest, UpdateAnnouncerRequest } from '@shared/api/schemas/staff';
import { callRouteAs } from '@web/lib/api-routes';

export interface AnnouncerAnswer {
  message: string;
  Announcer: AnnouncerRecord;
}

export const createAnnouncer = (adminId: string, body: CreateAnnouncerRequest) =>
  callRouteAs<AnnouncerAnswer>(routes.createAnnouncer, { id: adminId }, { body });

export const updateAnnouncer = (adminId: string, body: UpdateAnnouncerRequest) =>
  callRouteAs<AnnouncerAnswer>(routes.updateAnnouncer, { id: adminId }, { body });

export const deleteAnnouncer = (adminId: string, searchString: string) =>
  callRouteAs<{ message: string }>(routes.deleteAnnouncer, { id: adminId }, { body: { search_string: searchString } });

export const checkInAnnouncer = (adminId: string, searchString: string) =>
  callRouteAs<AnnouncerAnswer>(routes.checkInAnnouncer, { id: adminId }, { body: { search_string: searchString } });

export const checkOutAnnouncer = (adminId: string, searchString: string) =>
  callRouteAs<AnnouncerAnswer>(routes.checkOutAnnouncer, { id: adminId }, { body: { search_string: searchString } });
