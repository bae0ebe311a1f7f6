/**
 * Draws (DESIGN section 4): closing a draw window, conducting house and
 * threshold draws, clearing a draw with its refunds, the house settings and
 * schedule changes that move draws, and the public views that let anyone
 * check a draw. The module's entry.
 */

export { registerAnnouncerDrawRoutes } from './announcer-draw-http';
export { registerBroadcastRoutes } from './broadcast-http';
export { clearPartnerDraws } from './clear-draw';
export { finishQueuedClear } from './clear-entries';
export { lastValidSeq } from './eligible-tickets';
export { drawCheckText, registerDrawCodeRoutes } from './draw-code-http';
export { finishClears } from './finish-clears';
export { drawHouseGame, HOUSE_DRAW_TARGETS, type HouseDrawTarget } from './house-draw';
export { houseDraws } from './house-draws';
export { registerDrawRoutes } from './http';
export { inclusionProofOf } from './inclusion-proof';
export { registerPublicDrawRoutes } from './public-http';
export { adminWinnerRow, publicDrawView } from './public-views';
export { registerSettingsRoutes } from './settings-http';
export { listQueuedClears } from './store/clear-queue';
export { houseDrawMarkerExists } from './store/draws';
export { conductThresholdDraw } from './threshold-draw';
export { notifyWinner } from './winner-sms';
export { fanOutResult, sendResultSms } from './result-sms';
export { paidToWinners, winnerTotals } from './winner-totals';
