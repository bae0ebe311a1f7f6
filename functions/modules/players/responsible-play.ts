/**
 * Responsible-play rules (DESIGN section 7), apart from
 * storage and adapters: the self-exclusion periods a player may choose and
 * the daily spending limit that applies to a number.
 */
import type { ExclusionPeriod } from '@shared/responsible-play';

export { EXCLUSION_PERIODS, type ExclusionPeriod } from '@shared/responsible-play';

/** When an exclusion chosen at `now` ends (undefined: never), by calendar months in GMT. */
export function exclusionEnd(period: ExclusionPeriod, now: Date): string | undefined {
  if (period === 'permanent') return undefined;
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + (period === '1-month' ? 1 : 6));
  return end.toISOString();
}

/**
 * The limit on a number's stakes of one GMT day, in LRD cents: the lower of
 * the operator's (0 = off) and the player's own; undefined when neither is set.
 */
export function dailyLimitOf(operatorLrdCents: number, ownLrdCents: number | undefined): number | undefined {
  const limits = [operatorLrdCents > 0 ? operatorLrdCents : undefined, ownLrdCents].filter(
    (v): v is number => v !== undefined,
  );
  return limits.length === 0 ? undefined : Math.min(...limits);
}

/** A player's higher own limit starts this long after it is asked for; a lower one at once (DESIGN section 7). */
export const LIMIT_RAISE_DELAY_MS = 24 * 60 * 60_000;
