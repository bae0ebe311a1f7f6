import { lazyPage } from '@web/lib/lazy-page';

/** The admin screens of the catalog (house games settings, promotions, predictions), each its own chunk: the admin portal's registry lists them. */
export const catalogScreens = {
  settings: lazyPage(
    () => import('./screens/SettingsScreen'),
    (m) => m.SettingsScreen,
  ),
  siteContent: lazyPage(
    () => import('./screens/SiteContentScreen'),
    (m) => m.SiteContentScreen,
  ),
  createPromotion: lazyPage(
    () => import('./screens/CreatePromotionScreen'),
    (m) => m.CreatePromotionScreen,
  ),
  predictions: lazyPage(
    () => import('./screens/PredictionsScreen'),
    (m) => m.PredictionsScreen,
  ),
};
