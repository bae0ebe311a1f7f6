import { lazyPage } from '@web/lib/lazy-page';

/** The admin screens of payouts, each its own chunk: the admin portal's registry lists them. */
export const payoutsScreens = {
  payouts: lazyPage(
    () => import('./screens/PayoutsScreen'),
    (m) => m.PayoutsScreen,
  ),
};
