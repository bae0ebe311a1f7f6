import { messages } from '../../messages';
import { SUPER_ADMIN_SELF } from '../access';
import { requiredWith, route, type RouteSpec } from '../route-spec';
import { messageResponse } from '../schemas/common';
import {
  announcerResponse,
  auditLogQuery,
  auditLogResponse,
  createAnnouncerRequest,
  createAnnouncerRequired,
  createPartnerRequest,
  createPartnerRequired,
  partnerResponse,
  searchStringRequest,
  updateAnnouncerRequest,
  updateAnnouncerRequired,
  updatePartnerRequest,
  updatePartnerRequired,
} from '../schemas/staff';

/** Spec section 5: a create form's 'All fields with * must be filled.' */
const starFields = requiredWith(messages.validation.allFieldsStar);
/** Spec section 5: an update form's 'Missing some important fields'. */
const importantFields = requiredWith(messages.validation.missingImportantFields);

/**
 * Partners, announcers and the audit log: super admins only, on
 * their own `{id}` (spec section 7 "Admin writes"; DESIGN section 5).
 */
export const adminStaffRoutes = {
  createPartner: route('POST', '/api/v1/admin/:id/create-partner', 'admin', SUPER_ADMIN_SELF, {
    required: starFields(createPartnerRequired),
    body: createPartnerRequest,
    response: partnerResponse,
  }),
  updatePartner: route('PUT', '/api/v1/admin/:id/list-partner/update', 'admin', SUPER_ADMIN_SELF, {
    required: importantFields(updatePartnerRequired),
    body: updatePartnerRequest,
    response: partnerResponse,
  }),
  deletePartner: route('DELETE', '/api/v1/admin/:id/delete-partner', 'admin', SUPER_ADMIN_SELF, {
    body: searchStringRequest,
    response: messageResponse,
  }),
  createAnnouncer: route('POST', '/api/v1/admin/:id/create-announcer', 'admin', SUPER_ADMIN_SELF, {
    required: starFields(createAnnouncerRequired),
    body: createAnnouncerRequest,
    response: announcerResponse,
  }),
  updateAnnouncer: route('PUT', '/api/v1/admin/:id/list-announcer/update', 'admin', SUPER_ADMIN_SELF, {
    required: importantFields(updateAnnouncerRequired),
    body: updateAnnouncerRequest,
    response: announcerResponse,
  }),
  deleteAnnouncer: route('DELETE', '/api/v1/admin/:id/delete-announcer', 'admin', SUPER_ADMIN_SELF, {
    body: searchStringRequest,
    response: messageResponse,
  }),
  checkInAnnouncer: route('PUT', '/api/v1/admin/:id/checkin', 'admin', SUPER_ADMIN_SELF, {
    body: searchStringRequest,
    response: announcerResponse,
  }),
  checkOutAnnouncer: route('PUT', '/api/v1/admin/:id/checkout', 'admin', SUPER_ADMIN_SELF, {
    body: searchStringRequest,
    response: announcerResponse,
  }),
  /** The audit log, newest first; query `limit` (1–100, default 50), `cursor` and the filters. */
  auditLog: route('GET', '/api/v1/admin/:id/audit-log', 'admin', SUPER_ADMIN_SELF, {
    query: auditLogQuery,
    response: auditLogResponse,
  }),
} as const satisfies Record<string, RouteSpec>;
