/**
 * Players (DESIGN section 7): a mobile number as a player, its exclusions
 * and spending limits, and the responsible-play rules. The module's entry.
 */

export { registerPlayerRoutes } from './http';
export {
  EXCLUSION_PERIODS,
  LIMIT_RAISE_DELAY_MS,
  dailyLimitOf,
  exclusionEnd,
  type ExclusionPeriod,
} from './responsible-play';
export { lowerOwnLimit, raiseOwnLimit } from './store/player-limits';
export {
  entryWrites,
  excludeByPlayer,
  isExcluded,
  releaseSpend,
  standingOf,
  type Standing,
} from './store/players';
