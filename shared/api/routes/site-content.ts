import { adminSiteEndpoints, publicSiteEndpoints } from '../endpoints/site-content';
import { withAnswers } from '../route-spec';
import { messageResponse } from '../schemas/common';
import { announcementSaved, announcementsList, contactAnswer, contactSaved, publicSite } from '../schemas/site-content';

/** The site content's endpoints with the schema of each route's 2xx answer: the typed contract callers use. */
export const siteContentRoutes = withAnswers(
  { ...adminSiteEndpoints, ...publicSiteEndpoints },
  {
    listAnnouncements: announcementsList,
    createAnnouncement: announcementSaved,
    updateAnnouncement: announcementSaved,
    deleteAnnouncement: messageResponse,
    getContact: contactAnswer,
    updateContact: contactSaved,
    publicSite,
  },
);
