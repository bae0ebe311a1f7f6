import { lazyPage } from '@web/lib/lazy-page';

/** The admin screens of players (exclusions), each its own chunk: the admin portal's registry lists them. */
export const playersScreens = {
  playerExclusion: lazyPage(
    () => import('./screens/PlayerExclusionScreen'),
    (m) => m.PlayerExclusionScreen,
  ),
};
