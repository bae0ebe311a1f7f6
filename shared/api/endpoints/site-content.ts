import { PUBLIC, SUPER_ADMIN_SELF } from '../access';
import { route, type RouteSpec } from '../route-spec';
import { announcementBody, contactBody } from '../schemas/site-content';

/**
 * The site's own content (issue 35 item 7): the home page's announcements and
 * the contact details, managed by super admins as the house settings are.
 */
export const adminSiteEndpoints = {
  listAnnouncements: route('GET', '/api/v1/admin/:id/announcements', 'admin', SUPER_ADMIN_SELF),
  createAnnouncement: route('POST', '/api/v1/admin/:id/announcements', 'admin', SUPER_ADMIN_SELF, {
    body: announcementBody,
  }),
  updateAnnouncement: route('PUT', '/api/v1/admin/:id/announcements/:announcementId', 'admin', SUPER_ADMIN_SELF, {
    body: announcementBody,
  }),
  deleteAnnouncement: route('DELETE', '/api/v1/admin/:id/announcements/:announcementId', 'admin', SUPER_ADMIN_SELF),
  getContact: route('GET', '/api/v1/admin/:id/contact', 'admin', SUPER_ADMIN_SELF),
  updateContact: route('PUT', '/api/v1/admin/:id/contact', 'admin', SUPER_ADMIN_SELF, { body: contactBody }),
} as const satisfies Record<string, RouteSpec>;

/** What every public page reads of it: the newest announcements and the contact details. */
export const publicSiteEndpoints = {
  publicSite: route('GET', '/api/v1/public/site', 'public', PUBLIC),
} as const satisfies Record<string, RouteSpec>;
