import { lazyPage } from '@web/lib/lazy-page';

/** The admin screens of draws (the Draw tab and the winners), each its own chunk: the admin portal's registry lists them. */
export const drawsScreens = {
  winnersList: lazyPage(
    () => import('./screens/WinnersListScreen'),
    (m) => m.WinnersListScreen,
  ),
  drawList: lazyPage(
    () => import('./screens/DrawListScreen'),
    (m) => m.DrawListScreen,
  ),
};
