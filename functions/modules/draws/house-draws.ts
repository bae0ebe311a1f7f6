import type { HouseSettings } from '@shared/house-games';
import { drawHouseGame, HOUSE_DRAW_TARGETS, type HouseDrawTarget } from './house-draw';
import { logger } from '../../platform/logger';
import { getHouseSettings } from '../games';

/**
 * Every minute (shared/schedules.ts): draw each house game
 * whose draw is due and not yet done. Idempotent per run: a run that finds
 * nothing due, or the day already drawn, changes nothing; a run after
 * downtime catches the day's draw up once.
 */
export async function houseDraws(
  now: Date,
  targets: readonly HouseDrawTarget[] = HOUSE_DRAW_TARGETS,
  settings?: HouseSettings,
): Promise<Record<string, unknown>> {
  const current = settings ?? (await getHouseSettings()).settings;
  const outcomes: Record<string, unknown> = {};
  for (const target of targets) {
    try {
      const result = await drawHouseGame(target, current, now);
      outcomes[target.marker] =
        result.outcome === 'drawn'
          ? {
              outcome: 'drawn',
              drawId: result.record.id,
              entryCount: result.record.entryCount,
              winningSeq: result.record.winningSeq,
            }
          : result.outcome;
    } catch (error) {
      // one game's failure does not hold up the other; the next run tries again
      outcomes[target.marker] = 'error';
      logger.error('house draw failed', { game: target.game, error });
    }
  }
  return outcomes;
}
