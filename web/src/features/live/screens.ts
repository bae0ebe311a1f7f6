import { lazyPage } from '@web/lib/lazy-page';

/** The admin screens of the live overview, each its own chunk: the admin portal's registry lists them. */
export const liveScreens = {
  overview: lazyPage(
    () => import('./screens/OverviewScreen'),
    (m) => m.OverviewScreen,
  ),
};
