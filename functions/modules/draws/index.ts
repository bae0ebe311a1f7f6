/**
 * Draws (DESIGN section 4): closing a draw window, conducting house and
 * threshold draws, clearing a draw with its refunds, the house settings and
 * schedule changes that move draws, and the public views that let anyone
 * check a draw. The module's entry.
 */

export { registerAnnouncerDrawRoutes } from './announcer-draw-http';
export { finishClears } from './finish-clears';
export { houseDraws } from './house-draws';
export { registerDrawRoutes } from './http';
export { registerPublicDrawRoutes } from './public-http';
export { adminWinnerRow } from './public-views';
export { registerSettingsRoutes } from './settings-http';
export { winnerTotals } from './winner-totals';
