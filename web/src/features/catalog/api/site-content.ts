/** The site's content: the home page's announcements and the contact details (super admins only). */
import { queryOptions } from '@tanstack/react-query';
import { siteContentRoutes } from '@shared/api/routes/site-content';
import type { AnnouncementBody, ContactBody } from '@shared/api/schemas/site-content';
import { callRoute } from '@web/lib/api-routes';

export const announcementsQuery = (adminId: string) =>
  queryOptions({
    queryKey: ['announcements', adminId],
    queryFn: ({ signal }) =>
      callRoute(siteContentRoutes.listAnnouncements, { id: adminId }, { signal }).then((a) => a.announcements),
  });

export const contactQuery = (adminId: string) =>
  queryOptions({
    queryKey: ['contact', adminId],
    queryFn: ({ signal }) =>
      callRoute(siteContentRoutes.getContact, { id: adminId }, { signal }).then((a) => a.contact),
  });

export const createAnnouncement = (adminId: string, body: AnnouncementBody) =>
  callRoute(siteContentRoutes.createAnnouncement, { id: adminId }, { body });

export const updateAnnouncement = (adminId: string, announcementId: string, body: AnnouncementBody) =>
  callRoute(siteContentRoutes.updateAnnouncement, { id: adminId, announcementId }, { body });

export const deleteAnnouncement = (adminId: string, announcementId: string) =>
  callRoute(siteContentRoutes.deleteAnnouncement, { id: adminId, announcementId });

export const saveContact = (adminId: string, body: ContactBody) =>
  callRoute(siteContentRoutes.updateContact, { id: adminId }, { body });
