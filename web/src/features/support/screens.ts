import { lazyPage } from '@web/lib/lazy-page';

/** The support desk's admin screens, each its own chunk: the admin portal's registry lists them. */
export const supportScreens = {
  supportDesk: lazyPage(
    () => import('./screens/SupportDeskScreen'),
    (m) => m.SupportDeskScreen,
  ),
  exports: lazyPage(
    () => import('./screens/ExportsScreen'),
    (m) => m.ExportsScreen,
  ),
};
