import type { siteContentRoutes } from '@shared/api/routes/site-content';
import type { ResponseOut } from '@shared/api/route-spec';
import { apiGet } from '@web/lib/api-client';
import { apiPaths } from '@web/lib/api-paths';

/** GET /api/v1/public/site: the newest announcements and the contact details the settings give. */
export type PublicSite = ResponseOut<typeof siteContentRoutes.publicSite>;

/** Typed from the route's schema (type-only import), not parsed at runtime: the public pages stay free of zod. */
export const fetchPublicSite = () => apiGet<PublicSite>(apiPaths.publicSite);
