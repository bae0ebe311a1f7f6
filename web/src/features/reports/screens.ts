import { lazyPage } from '@web/lib/lazy-page';

/** The admin screens of reports (regulator reports, tax analytics), each its own chunk: the admin portal's registry lists them. */
export const reportsScreens = {
  taxAnalytics: lazyPage(
    () => import('./screens/TaxAnalyticsScreen'),
    (m) => m.TaxAnalyticsScreen,
  ),
  reports: lazyPage(
    () => import('./screens/ReportsScreen'),
    (m) => m.ReportsScreen,
  ),
};
