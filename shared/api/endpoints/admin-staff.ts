import { messages } from '../../messages';
import { SUPER_ADMIN_SELF } from '../access';
import { requiredWith, route, type RouteSpec } from '../route-spec';
import {
  auditLogQuery,
  createAnnouncerRequest,
  createAnnouncerRequired,
  createPartnerRequest,
  createPartnerRequired,
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
export const adminStaffEndpoints = {
  createPartner: route('POST', '/api/v1/admin/:id/create-partner', 'admin', SUPER_ADMIN_SELF, {
    required: starFields(createPartnerRequired),
    body: createPartnerRequest,
  }),
  updatePartner: route('PUT', '/api/v1/admin/:id/list-partner/update', 'admin', SUPER_ADMIN_SELF, {
    required: importantFields(updatePartnerRequired),
    body: updatePartnerRequest,
  }),
  deletePartner: route('DELETE', '/api/v1/admin/:id/delete-partner', 'admin', SUPER_ADMIN_SELF, {
    body: searchStringRequest,
  }),
  createAnnouncer: route('POST', '/api/v1/admin/:id/create-announcer', 'admin', SUPER_ADMIN_SELF, {
    required: starFields(createAnnouncerRequired),
    body: createAnnouncerRequest,
  }),
  updateAnnouncer: route('PUT', '/api/v1/admin/:id/list-announcer/update', 'admin', SUPER_ADMIN_SELF, {
    required: importantFields(updateAnnouncerRequired),
    body: updateAnnouncerRequest,
  }),
  deleteAnnouncer: route('DELETE', '/api/v1/admin/:id/delete-announcer', 'admin', SUPER_ADMIN_SELF, {
    body: searchStringRequest,
  }),
  checkInAnnouncer: route('PUT', '/api/v1/admin/:id/checkin', 'admin', SUPER_ADMIN_SELF, {
    body: searchStringRequest,
  }),
  checkOutAnnouncer: route('PUT', '/api/v1/admin/:id/checkout', 'admin', SUPER_ADMIN_SELF, {
    body: searchStringRequest,
  }),
  /** The audit log, newest first; query `limit` (1–100, default 50), `cursor` and the filters. */
  auditLog: route('GET', '/api/v1/admin/:id/audit-log', 'admin', SUPER_ADMIN_SELF, {
    query: auditLogQuery,
  }),
} as const satisfies Record<string, RouteSpec>;
