import type { HouseGame, HouseSettings } from '@shared/house-games';
import { shareOf } from '@shared/money';

/**
 * The house prizes (DESIGN section 4): the daily prize as configured; the
 * jackpot is its base plus a share of the stakes of the window being drawn
 * (the week's jackpot tickets), capped. LRD cents, rounded down.
 */
export function housePrize(game: HouseGame, settings: HouseSettings, windowStakesLrdCents: number): number {
  if (game === 'daily') return settings.daily.prizeLrdCents;
  const { basePrizeLrdCents, stakeShareBp, prizeCapLrdCents } = settings.jackpot;
  return Math.min(prizeCapLrdCents, basePrizeLrdCents + shareOf(windowStakesLrdCents, stakeShareBp));
}
