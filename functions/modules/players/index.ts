/**
 * Players (DESIGN section 7): a mobile number as a player, its exclusions
 * and spending limits, the responsible-play rules, and its web My tickets
 * access (a one-time code by SMS, a short session). The module's entry.
 */

export { exclusionRecord, registerPlayerRoutes } from './http';
export {
  EXCLUSION_PERIODS,
  LIMIT_RAISE_DELAY_MS,
  dailyLimitOf,
  exclusionEnd,
  type ExclusionPeriod,
} from './responsible-play';
export { lowerOwnLimit, raiseOwnLimit } from './store/player-limits';
export {
  endTicketsSession,
  openTicketsSession,
  requestAccessCode,
  TICKETS_CODE_LIMITS,
  ticketsSessionOf,
} from './ticket-access';
export {
  excludeByAdmin,
  excludeByPlayer,
  getExclusion,
  liftExclusion,
  isExcluded,
  standingOf,
  standingRead,
  type Standing,
} from './store/players';
export {
  addEntryToDay,
  PROMPTS_PER_NUMBER,
  recentEntryIdsOf,
  releaseSpend,
} from './store/player-days';
export {
  isOptedInResultSms,
  optInResultSms,
  optOutResultSms,
  resultSmsRecipients,
} from './store/result-sms';
