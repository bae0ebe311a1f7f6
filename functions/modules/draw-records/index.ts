/**
 * Draw records (DESIGN section 4): one per closed draw window, written by
 * draws, read by the prize payouts, dashboards and reports, with the queue of
 * prizes awaiting payout. Below payouts, so a prize payout can read its draw.
 * The module's entry.
 */

export {
  drawRecordPut,
  getDraw,
  getDraws,
  recentDraws,
  recentHouseDraws,
  toDrawRecord,
  type ClaimCheck,
  type DrawKind,
  type DrawRecord,
} from './store/draw-records';
export { drawsAwaitingPrizePayout, drawsBetween, drawsSince, hasWinner, type PrizeDraw } from './store/prize-draws';
export { drawCodeAnnouncedPut, drawCodeItems, drawCodePut, type DrawCodeItem } from './store/draw-codes';
