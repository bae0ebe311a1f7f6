import { adminStaffEndpoints } from '../endpoints/admin-staff';
import { withAnswers } from '../route-spec';
import { messageResponse } from '../schemas/common';
import { announcerResponse, auditLogResponse, partnerResponse } from '../schemas/staff';

/** adminStaffEndpoints with the schema of each route's 2xx answer: the typed contract callers use. */
export const adminStaffRoutes = withAnswers(adminStaffEndpoints, {
  createPartner: partnerResponse,
  updatePartner: partnerResponse,
  deletePartner: messageResponse,
  createAnnouncer: announcerResponse,
  updateAnnouncer: announcerResponse,
  deleteAnnouncer: messageResponse,
  checkInAnnouncer: announcerResponse,
  checkOutAnnouncer: announcerResponse,
  auditLog: auditLogResponse,
});
