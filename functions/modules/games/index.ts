/**
 * The games (DESIGN section 4 "House games"): the Daily Cash Giveaway and the
 * Jackpot, their prizes, schedules and settings, what kind of game an entry
 * is for and the entry options a player is offered. The module's entry.
 */

export { registerEntryOptionRoutes } from './entry-options-http';
export {
  UNKNOWN_CODE,
  priceOf,
  resolveEntryTarget,
  resolveTarget,
  type EntryGame,
  type EntryTarget,
} from './entry-target';
export { housePrize } from './house-prize';
export {
  addDays,
  dayOf,
  drawCutoff,
  drawMomentOn,
  drawWhen,
  dueDrawDay,
  isTicketExpired,
  nextDrawMoment,
  previousDrawMoment,
  scheduleOf,
  ticketDrawDay,
  ticketDrawWhen,
  type DrawSchedule,
} from './house-schedule';
export { ensureHouseGames } from './store/house-games-seed';
export { getHouseRules, getHouseSettings, putHouseSettings, type HouseRules } from './store/house-settings';
