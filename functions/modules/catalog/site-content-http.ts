import { messages } from '@shared/messages';
import { notFound } from '../../platform/errors';
import type { GuardedRequest, HttpApp } from '../../platform/http-app';
import { created, reply } from '../../platform/http-responses';
import { actorOf } from '../audit';
import {
  createAnnouncement,
  deleteAnnouncement,
  getContact,
  listAnnouncements,
  publicSiteContent,
  putContact,
  updateAnnouncement,
} from './store/site-content';

/** As long as a CDN may keep the public read (the house games' answer is kept as long). */
const PUBLIC_SITE_CACHE_SECONDS = 30;

/** An announcement id as the store makes them (digits, a dash, hex); anything else names none. */
const ANNOUNCEMENT_ID = /^\d{17}-[0-9a-f]{8}$/;

function announcementId(request: GuardedRequest): string {
  const id = request.params.announcementId ?? '';
  if (!ANNOUNCEMENT_ID.test(id)) throw notFound();
  return id;
}

/** The home page's announcements and the site's contact details (issue 35 item 7): super admins, audited. */
export function registerSiteContentRoutes(app: HttpApp<'admin'>): void {
  app.on('listAnnouncements', async () => ({ announcements: await listAnnouncements() }));

  app.on('createAnnouncement', async (request) => {
    const announcement = await createAnnouncement(request.body, actorOf(request), request.now);
    return created({ message: messages.siteContent.announcementCreated, announcement });
  });

  app.on('updateAnnouncement', async (request) => {
    const id = announcementId(request);
    const announcement = await updateAnnouncement(id, request.body, actorOf(request), request.now);
    return { message: messages.siteContent.announcementUpdated, announcement };
  });

  app.on('deleteAnnouncement', async (request) => {
    await deleteAnnouncement(announcementId(request), actorOf(request), request.now);
    return { message: messages.siteContent.announcementDeleted };
  });

  app.on('getContact', async () => ({ contact: await getContact() }));

  app.on('updateContact', async (request) => {
    const contact = await putContact(request.body, actorOf(request), request.now);
    return { message: messages.siteContent.contactSaved, contact };
  });
}

/** What every public page reads: one query, cached like the other public reads. */
export function registerPublicSiteRoutes(app: HttpApp<'public'>): void {
  app.on('publicSite', async () =>
    reply(200, await publicSiteContent(), { sharedCacheSeconds: PUBLIC_SITE_CACHE_SECONDS }),
  );
}
