/** Tax analytics filing (spec sections 3 "Tax analytics payload", 7; DESIGN section 5). */
import { adminTaxAnalyticsRoutes as routes } from '@shared/api/routes/admin-predictions';
import type { TAX_ANALYTICS_FIELDS } from '@shared/api/schemas/tax';
import { callRoute } from '@web/lib/api-routes';

export type TaxAnalyticsForm = Record<(typeof TAX_ANALYTICS_FIELDS)[number], string>;

export const submitTaxAnalytics = (adminId: string, body: TaxAnalyticsForm) =>
  callRoute(routes.createTaxAnalytics, { id: adminId }, { body });
