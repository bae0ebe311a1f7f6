/**
 * The games (DESIGN section 3 "Games are a registry", section 4): the Daily
 * Cash Giveaway, the Jackpot and partner promotions, each implementing one
 * interface (game.ts) in its own file (kinds/), listed in registry.ts; the
 * house games' schedules and settings, what an entry is for and the entry
 * options a player is offered. The module's entry.
 */

export { registerEntryOptionRoutes } from './entry-options-http';
export { UNKNOWN_CODE, firstEntryTargetRead, resolveEntryTarget, type EntryTarget } from './entry-target';
export { allGames, gameOf, housePrize, scheduleOf } from './registry';
export {
  addDays,
  dayOf,
  drawCutoff,
  drawMomentOn,
  drawWhen,
  dueDrawDay,
  nextDrawMoment,
  previousDrawMoment,
  ticketDrawDay,
  ticketDrawWhen,
  type DrawSchedule,
} from './house-schedule';
export { ensureHouseGames } from './store/house-games-seed';
export { getHouseRules, getHouseSettings, putHouseSettings, type HouseRules } from './store/house-settings';
