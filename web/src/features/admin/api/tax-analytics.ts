/** Tax analytics filing (spec sections 3 "Tax analytics payload", 7; DESIGN section 5). */
import { routes } from '@shared/api/routes';
import type { TAX_ANALYTICS_FIELDS } from '@shared/api/schemas/tax';
import { callRouteAs } from '@web/lib/api-routes';

export type TaxAnalyticsForm = Record<(typeof TAX_ANALYTICS_FIELDS)[number], string>;

export const submitTaxAnalytics = (adminId: string, body: TaxAnalyticsForm) =>
  callRouteAs<{ message: string }>(routes.createTaxAnalytics, { id: adminId }, { body });
